import { beforeEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "../../core/i18n/instance.ts";
import { resources } from "../../app/locales/resources.ts";
import { shareTo, type ShareDeps, type ShareTarget } from "../../app/components/share/share-actions.ts";
import { SHARE_PLATFORMS } from "../../app/components/share/share-platforms.ts";
import {
  PLATFORM_HOME_PAGES,
  absoluteShareUrl,
  facebookQuote,
  facebookShareUrl,
  shareText,
  shareWindowFeatures,
  whatsappShareUrl,
} from "../../app/components/share/share-links.ts";

// Spec document 000, section 2 "Share button", section 8 (Share messages) and section 9 (window 600x400).
const content = {
  title: "Brand & AI: 5 ideas",
  description: "Ideas for 2025?",
  url: "https://atelier.example/posts/7?ref=a&b=c",
};

describe("share addresses", () => {
  it("shares on Facebook through the sharer with the u and quote parameters", () => {
    const url = new URL(facebookShareUrl(content));
    expect(`${url.origin}${url.pathname}`).toBe("https://www.facebook.com/sharer/sharer.php");
    expect(url.searchParams.get("u")).toBe(content.url);
    expect(url.searchParams.get("quote")).toBe("Brand & AI: 5 ideas - Ideas for 2025?");
    expect([...url.searchParams.keys()]).toEqual(["u", "quote"]);
  });

  it("quotes only the title when there is no description", () => {
    expect(facebookQuote({ title: " Hello " })).toBe("Hello");
    expect(facebookQuote({ title: "Hello", description: "  " })).toBe("Hello");
  });

  it("shares on WhatsApp through wa.me with a text parameter holding title, description and address", () => {
    const url = new URL(whatsappShareUrl(content));
    expect(`${url.origin}${url.pathname}`).toBe("https://wa.me/");
    expect(url.searchParams.get("text")).toBe(`Brand & AI: 5 ideas\n\nIdeas for 2025?\n\n${content.url}`);
    expect([...url.searchParams.keys()]).toEqual(["text"]);
  });

  it("encodes the address so that its own query cannot leak into the share address", () => {
    expect(facebookShareUrl(content)).not.toContain("&b=c");
    expect(whatsappShareUrl(content)).not.toContain("&b=c");
  });

  it("copies title, description and address for Instagram and TikTok, skipping a missing description", () => {
    expect(shareText(content)).toBe(`Brand & AI: 5 ideas\n\nIdeas for 2025?\n\n${content.url}`);
    expect(shareText({ title: "Hi", url: "https://x.example/" })).toBe("Hi\n\nhttps://x.example/");
  });

  it("opens a 600x400 window, centred on the browser window when known", () => {
    expect(shareWindowFeatures()).toMatch(/^width=600,height=400,/);
    expect(shareWindowFeatures({ left: 100, top: 50, width: 1400, height: 900 })).toBe(
      "width=600,height=400,left=500,top=300,resizable=yes,scrollbars=yes",
    );
    expect(shareWindowFeatures({ left: 0, top: 0, width: 390, height: 300 })).toContain("left=0,top=0");
  });

  it("shares the current page by default and resolves site-relative addresses", () => {
    const page = "https://atelier.example/fr/posts?x=1";
    expect(absoluteShareUrl(undefined, page)).toBe(page);
    expect(absoluteShareUrl("", page)).toBe(page);
    expect(absoluteShareUrl("/posts/3", page)).toBe("https://atelier.example/posts/3");
    expect(absoluteShareUrl("https://other.example/a", page)).toBe("https://other.example/a");
  });
});

/** A browser stand-in that records what sharing did, in order. */
function fakeBrowser(options: { copyFails?: boolean; popupBlocked?: boolean } = {}) {
  const i18n = createI18n("en", resources);
  const events: Array<[string, ...unknown[]]> = [];
  const deps: ShareDeps = {
    async copy(text) {
      if (options.copyFails) throw new Error("denied");
      events.push(["copy", text]);
    },
    open(url, features) {
      if (options.popupBlocked) return false;
      events.push(["open", url, features]);
      return true;
    },
    notify: {
      success: (title, opts) => events.push(["success", title, opts?.description]),
      error: (title, opts) => events.push(["error", title, opts?.description]),
    },
    t: (key, values) => i18n.t(key, values),
  };
  return { deps, events };
}

describe("sharing", () => {
  beforeEach(() => {
    // Failures are logged for developers; keep the test output readable.
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });

  it.each(["facebook", "whatsapp"] as const)(
    "%s opens its share address in a 600x400 window, nothing else",
    async (platform) => {
      const { deps, events } = fakeBrowser();
      expect(await shareTo(platform, content, deps)).toBe(true);
      const expected = platform === "facebook" ? facebookShareUrl(content) : whatsappShareUrl(content);
      expect(events).toEqual([["open", expected, expect.stringMatching(/^width=600,height=400/)]]);
    },
  );

  it.each([
    ["instagram", "Instagram"],
    ["tiktok", "TikTok"],
  ] as const)("%s copies the content, says so, then opens the platform's home page", async (platform, name) => {
    const { deps, events } = fakeBrowser();
    expect(await shareTo(platform, content, deps)).toBe(true);
    expect(events).toEqual([
      ["copy", shareText(content)],
      ["success", "Content copied! Paste it on the platform.", `Open ${name} and paste the content to share it.`],
      ["open", PLATFORM_HOME_PAGES[platform], undefined],
    ]);
  });

  it("copy link copies the address and says 'Link copied to clipboard!'", async () => {
    const { deps, events } = fakeBrowser();
    expect(await shareTo("copy", content, deps)).toBe(true);
    expect(events).toEqual([
      ["copy", content.url],
      ["success", "Link copied to clipboard!", undefined],
    ]);
  });

  it.each(["instagram", "tiktok", "copy"] as const)(
    "%s shows 'Unable to share. Please try again.' when copying fails",
    async (target) => {
      const { deps, events } = fakeBrowser({ copyFails: true });
      expect(await shareTo(target, content, deps)).toBe(false);
      expect(events).toEqual([["error", "Unable to share. Please try again.", undefined]]);
    },
  );

  it.each(["facebook", "whatsapp"] as ShareTarget[])(
    "%s shows the failure message when the window is blocked",
    async (target) => {
      const { deps, events } = fakeBrowser({ popupBlocked: true });
      expect(await shareTo(target, content, deps)).toBe(false);
      expect(events).toEqual([["error", "Unable to share. Please try again.", undefined]]);
    },
  );

  it("the messages exist in French too", async () => {
    const fr = createI18n("fr", resources);
    const { deps, events } = fakeBrowser();
    await shareTo("copy", content, { ...deps, t: (key, values) => fr.t(key, values) });
    expect(events.at(-1)).toEqual(["success", "Lien copié dans le presse-papiers\u202f!", undefined]);
  });

  it("covers the four platforms of the specification", () => {
    expect(SHARE_PLATFORMS).toEqual(["facebook", "instagram", "tiktok", "whatsapp"]);
  });
});
