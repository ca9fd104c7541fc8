import { describe, expect, it } from "vitest";
import { chooseCoding, codingPreferences } from "../../server/middleware/compress.server.ts";

const any = () => true;

describe("Accept-Encoding negotiation", () => {
  it("answers brotli to browsers, which accept both at the same weight", () => {
    expect(chooseCoding("gzip, deflate, br, zstd", any)).toBe("br");
    expect(chooseCoding("br", any)).toBe("br");
    expect(chooseCoding("gzip", any)).toBe("gzip");
    expect(chooseCoding("x-gzip", any)).toBe("gzip");
  });

  it("follows the client's q-values, and reads q=0 as a refusal", () => {
    expect(chooseCoding("gzip;q=1, br;q=0.5", any)).toBe("gzip");
    expect(chooseCoding("br;q=0.2, gzip;q=0.8", any)).toBe("gzip");
    expect(chooseCoding("gzip;q=1, br;q=0", any)).toBe("gzip");
    expect(chooseCoding("br;q=0, gzip;q=0", any)).toBeNull();
    expect(chooseCoding("GZIP; Q=0.5", any)).toBe("gzip");
    expect(chooseCoding("gzip;q=abc", any)).toBeNull();
  });

  it("gives `*` to every coding the header does not name", () => {
    expect(chooseCoding("*", any)).toBe("br");
    expect(chooseCoding("br;q=0, *", any)).toBe("gzip");
    expect(chooseCoding("*;q=0", any)).toBeNull();
  });

  it("sends no coding without the header, or for codings it does not make", () => {
    expect(chooseCoding(undefined, any)).toBeNull();
    expect(chooseCoding(null, any)).toBeNull();
    expect(chooseCoding("", any)).toBeNull();
    expect(chooseCoding("deflate, zstd", any)).toBeNull();
    expect(chooseCoding("identity", any)).toBeNull();
  });

  it("takes the client's best among the codings available", () => {
    const gzipOnly = (coding: string) => coding === "gzip";
    expect(chooseCoding("gzip, br", gzipOnly)).toBe("gzip");
    expect(chooseCoding("br", gzipOnly)).toBeNull();
  });

  it("leaves a small body as it is, unless the client refused an answer without coding", () => {
    expect(chooseCoding("gzip, br", any, false)).toBeNull();
    expect(chooseCoding("gzip, identity;q=0", any, false)).toBe("gzip");
    expect(chooseCoding("br, *;q=0", any, false)).toBe("br");
    // `*;q=0` refuses identity only when identity is not named.
    expect(chooseCoding("gzip, identity, *;q=0", any, false)).toBeNull();
  });

  it("says whether an answer without coding is acceptable", () => {
    expect(codingPreferences("gzip").identity).toBe(true);
    expect(codingPreferences("gzip, identity;q=0").identity).toBe(false);
    expect(codingPreferences("*;q=0").identity).toBe(false);
    expect(codingPreferences("identity;q=0.1, *;q=0").identity).toBe(true);
    expect(codingPreferences("gzip;q=0.5, br;q=0.9").codings).toEqual(["br", "gzip"]);
  });
});
