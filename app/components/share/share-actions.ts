import { PLATFORM_NAMES, type SharePlatform } from "./share-platforms.ts";
import {
  PLATFORM_HOME_PAGES,
  facebookShareUrl,
  shareText,
  shareWindowFeatures,
  whatsappShareUrl,
  type ShareContent,
} from "./share-links.ts";

export { absoluteShareUrl } from "./share-links.ts";

export type ShareTarget = SharePlatform | "copy";

/** What sharing needs from the browser, injectable so the behaviour is testable without one. */
export interface ShareDeps {
  copy(text: string): Promise<void>;
  /** Opens an address in a new window; false when the browser blocked it. */
  open(url: string, features?: string): boolean;
  notify: {
    success(title: string, options?: { description?: string }): void;
    error(title: string, options?: { description?: string }): void;
  };
  t(key: string, values?: Record<string, string>): string;
  /** Geometry of the browser window, to centre the share pop-up. */
  screen?: { left: number; top: number; width: number; height: number };
}

class ShareBlockedError extends Error {}

function openOrFail(deps: ShareDeps, url: string, features?: string) {
  if (!deps.open(url, features)) throw new ShareBlockedError(`The browser blocked the window for ${url}`);
}

/**
 * Shares content as the specification says: Facebook and WhatsApp open a 600x400 share window;
 * Instagram and TikTok copy the title, description and address, say so, then open the platform;
 * "copy" copies the address. Any failure shows "Unable to share. Please try again.".
 * Resolves to true when the share went through.
 */
export async function shareTo(target: ShareTarget, content: ShareContent, deps: ShareDeps): Promise<boolean> {
  try {
    switch (target) {
      case "facebook":
        openOrFail(deps, facebookShareUrl(content), shareWindowFeatures(deps.screen));
        break;
      case "whatsapp":
        openOrFail(deps, whatsappShareUrl(content), shareWindowFeatures(deps.screen));
        break;
      case "instagram":
      case "tiktok":
        await deps.copy(shareText(content));
        deps.notify.success(deps.t("share.contentCopied"), {
          description: deps.t("share.contentCopiedDescription", { platform: PLATFORM_NAMES[target] }),
        });
        openOrFail(deps, PLATFORM_HOME_PAGES[target]);
        break;
      case "copy":
        await deps.copy(content.url);
        deps.notify.success(deps.t("share.linkCopied"));
        break;
    }
    return true;
  } catch (error) {
    console.warn("Sharing failed", error);
    deps.notify.error(deps.t("share.failed"));
    return false;
  }
}

/** Copies text with the Clipboard API, or the older selection command where that API is missing (plain-HTTP pages). */
export async function copyToClipboard(text: string): Promise<void> {
  if (typeof navigator !== "undefined" && navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("The browser refused to copy");
}

/** Opens a new window without giving it a handle on this page. */
export function openWindow(url: string, features?: string): boolean {
  const opened = window.open(url, "_blank", features);
  if (!opened) return false;
  try {
    opened.opener = null;
  } catch {
    // Some browsers make opener read-only across origins; the window is open either way.
  }
  return true;
}
