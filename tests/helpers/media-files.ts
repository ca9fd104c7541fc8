import sharp from "sharp";

/** A JPEG from a camera that recorded where it was: EXIF with the maker, the model and a GPS position (Paris). */
export async function jpegWithGps(width = 2000, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#c0392b" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "SpyCam", Model: "Model-GPS-7" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 7/1" },
    })
    .toBuffer();
}

export async function png(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: "#2e86de" } }).png().toBuffer();
}

/** The start of a Windows executable (an "MZ" header and the PE signature file-type looks for). */
export function windowsExecutable(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write("MZ", 0, "latin1");
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write("PE\0\0", 0x80, "latin1");
  return bytes;
}

export const SVG_WITH_SCRIPT = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>`;

/** True when the bytes hold an EXIF block (the "Exif\0\0" header of an APP1 segment, or PNG's eXIf chunk). */
export function hasExif(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes).toString("latin1");
  return text.includes("Exif\0\0") || text.includes("eXIf");
}
