// The two font libraries that scripts/subset-fonts.ts and its test use ship without types: what we call.
declare module "subset-font" {
  interface SubsetOptions {
    targetFormat?: "sfnt" | "woff" | "woff2";
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    keepFeatures?: string[];
  }
  export default function subsetFont(font: Buffer, text: string, options?: SubsetOptions): Promise<Buffer>;
}

declare module "fontverter" {
  export function convert(font: Buffer, toFormat: "sfnt" | "woff" | "woff2", fromFormat?: string): Promise<Buffer>;
  const fontverter: { convert: typeof convert };
  export default fontverter;
}
