/**
 * Pure builders for the share button (spec document 000, section 2 "Share button"): the share addresses
 * of each platform, the text copied for platforms that have no share address, and the pop-up geometry.
 * They load with the first share, not with the page (see share-button.tsx).
 */

/** Instagram and TikTok have no share address: the content is copied, then their home page opens. */
export const PLATFORM_HOME_PAGES = {
  instagram: "https://www.instagram.com/",
  tiktok: "https://www.tiktok.com/",
} as const;

/** The share pop-up is 600 by 400 pixels. */
export const SHARE_WINDOW_SIZE = { width: 600, height: 400 } as const;

export interface ShareContent {
  title: string;
  description?: string;
  url: string;
}

/** Resolves the address to share against the current page: "/posts/3" → "https://site/posts/3"; none → the page itself. */
export function absoluteShareUrl(url: string | undefined, currentPage: string): string {
  if (!url || !url.trim()) return currentPage;
  try {
    return new URL(url.trim(), currentPage).href;
  } catch {
    return currentPage;
  }
}

/** Title, description and address, one per paragraph: what WhatsApp receives and what is copied for Instagram and TikTok. */
export function shareText({ title, description, url }: ShareContent): string {
  return [title.trim(), description?.trim(), url].filter((part): part is string => Boolean(part)).join("\n\n");
}

/** The quote Facebook shows above the link: the title, then the description when there is one. */
export function facebookQuote({ title, description }: Pick<ShareContent, "title" | "description">): string {
  const extra = description?.trim();
  return extra ? `${title.trim()} - ${extra}` : title.trim();
}

/** https://www.facebook.com/sharer/sharer.php with the u (address) and quote parameters. */
export function facebookShareUrl(content: ShareContent): string {
  const params = new URLSearchParams({ u: content.url, quote: facebookQuote(content) });
  return `https://www.facebook.com/sharer/sharer.php?${params.toString()}`;
}

/** https://wa.me/?text=... with the title, description and address. */
export function whatsappShareUrl(content: ShareContent): string {
  return `https://wa.me/?${new URLSearchParams({ text: shareText(content) }).toString()}`;
}

/** window.open features of the 600x400 share window, centred on the browser window when its geometry is known. */
export function shareWindowFeatures(screen?: { left: number; top: number; width: number; height: number }): string {
  const { width, height } = SHARE_WINDOW_SIZE;
  const features = [`width=${width}`, `height=${height}`];
  if (screen) {
    const left = Math.max(0, Math.round(screen.left + (screen.width - width) / 2));
    const top = Math.max(0, Math.round(screen.top + (screen.height - height) / 2));
    features.push(`left=${left}`, `top=${top}`);
  }
  return [...features, "resizable=yes", "scrollbars=yes"].join(",");
}
