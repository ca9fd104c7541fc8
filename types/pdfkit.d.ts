// pdfkit 0.20 ships no type declarations: these cover the part of its API the receipt uses.
declare module "pdfkit" {
  interface TableCell {
    text: string;
    font?: { src: string };
  }
  interface TextOptions {
    align?: "left" | "center" | "right" | "justify";
  }
  export default class PDFDocument {
    constructor(options?: { size?: string; margin?: number; info?: { Title?: string; Author?: string } });
    registerFont(name: string, src: string): this;
    font(name: string): this;
    fontSize(size: number): this;
    fillColor(color: string): this;
    text(text: string, options?: TextOptions): this;
    moveDown(lines?: number): this;
    table(options: { columnStyles?: Array<number | string>; data: Array<Array<string | TableCell>> }): this;
    on(event: "data", listener: (chunk: Buffer) => void): this;
    on(event: "end", listener: () => void): this;
    on(event: "error", listener: (error: Error) => void): this;
    end(): void;
  }
}
