import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { BRAND_ICONS, LUCIDE_ICONS } from "../../app/components/ui/icon-names.ts";
import { SPRITE_FILE, buildSprite } from "../../scripts/icon-sprite.ts";

describe("the icon sprite", () => {
  it("is the one `npm run icons` builds from lucide and the brand marks (run it after changing icon-names.ts)", async () => {
    expect(fs.readFileSync(SPRITE_FILE, "utf8")).toBe(await buildSprite());
  });

  it("has one symbol per icon name, each with a 24 x 24 view box and something to draw", () => {
    const sprite = fs.readFileSync(SPRITE_FILE, "utf8");
    const symbols = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g)];
    expect(symbols.map((match) => match[1]).sort()).toEqual([...LUCIDE_ICONS, ...BRAND_ICONS].sort());
    for (const [, name, body] of symbols)
      expect(body, name).toMatch(/^<(path|circle|rect|line|polyline|polygon|ellipse) /);
  });
});
