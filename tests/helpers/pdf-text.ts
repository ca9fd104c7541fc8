import { inflateSync } from "node:zlib";

/*
 * The text a PDF made by pdfkit shows, line by line, so that tests can read a receipt as a person would.
 * pdfkit writes each line as its own text object (BT ... ET) of glyph ids in an embedded font, and
 * gives each font a ToUnicode map from its glyph ids back to characters: that map is all this reads.
 * It is no general PDF reader (no text positioning, no other producers' encodings).
 */

interface PdfObject {
  dictionary: string;
  stream: Buffer | null;
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const source = pdf.toString("latin1");
  const found = new Map<number, PdfObject>();
  const header = /(\d+) 0 obj\s*/g;
  let match: RegExpExecArray | null;
  while ((match = header.exec(source))) {
    const start = match.index + match[0].length;
    const end = source.indexOf("endobj", start);
    const body = source.slice(start, end);
    const streamAt = body.search(/stream\r?\n/);
    if (streamAt < 0) {
      found.set(Number(match[1]), { dictionary: body, stream: null });
      continue;
    }
    const dictionary = body.slice(0, streamAt);
    const dataStart = start + streamAt + (body[streamAt + 6] === "\r" ? 8 : 7);
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1] ?? -1);
    const raw =
      length >= 0
        ? pdf.subarray(dataStart, dataStart + length)
        : pdf.subarray(dataStart, source.indexOf("endstream", dataStart));
    found.set(Number(match[1]), { dictionary, stream: /\/FlateDecode/.test(dictionary) ? inflateSync(raw) : raw });
  }
  return found;
}

/** A ToUnicode CMap as pdfkit writes it: bfrange entries with an array of targets, and bfchar entries. */
function unicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const hex = (value: string) =>
    String.fromCodePoint(...(value.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const entry of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const first = Number.parseInt(entry[1], 16);
      const last = Number.parseInt(entry[2], 16);
      if (entry[3].startsWith("[")) {
        [...entry[3].matchAll(/<([0-9a-fA-F]+)>/g)].forEach((target, index) => map.set(first + index, hex(target[1])));
      } else {
        const base = Number.parseInt(entry[3].slice(1, -1), 16);
        for (let code = first; code <= last; code++) map.set(code, String.fromCodePoint(base + code - first));
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const entry of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(Number.parseInt(entry[1], 16), hex(entry[2]));
  }
  return map;
}

/** The lines of text a pdfkit PDF shows, in the order they were written. */
export function pdfText(pdf: Buffer): string[] {
  const all = objects(pdf);
  // Font resource names (/F1...) to their glyph maps.
  const fonts = new Map<string, Map<number, string>>();
  const source = pdf.toString("latin1");
  for (const reference of source.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const font = all.get(Number(reference[2]));
    const toUnicode = font && /\/ToUnicode (\d+) 0 R/.exec(font.dictionary);
    const cmap = toUnicode ? all.get(Number(toUnicode[1]))?.stream : null;
    if (cmap) fonts.set(reference[1], unicodeMap(cmap.toString("latin1")));
  }
  const lines: string[] = [];
  for (const object of all.values()) {
    const content = object.stream?.toString("latin1");
    if (!content || !/\bBT\b/.test(content) || /begincmap/.test(content)) continue;
    for (const text of content.matchAll(/BT([\s\S]*?)ET/g)) {
      const font = /\/(F\d+) [\d.]+ Tf/.exec(text[1])?.[1];
      const glyphs = font ? fonts.get(font) : undefined;
      if (!glyphs) continue;
      let line = "";
      for (const run of text[1].matchAll(/\[([^\]]*)\]\s*TJ/g)) {
        for (const hex of run[1].matchAll(/<([0-9a-fA-F]*)>/g)) {
          for (const unit of hex[1].match(/.{4}/g) ?? []) line += glyphs.get(Number.parseInt(unit, 16)) ?? "\ufffd";
        }
      }
      lines.push(line);
    }
  }
  return lines;
}
