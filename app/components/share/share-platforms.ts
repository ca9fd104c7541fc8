/**
 * The platforms the share button offers (spec document 000, section 2 "Share button"), in its order,
 * with their names: all that drawing the button needs. The rest of sharing loads when it is used.
 */
export const SHARE_PLATFORMS = ["facebook", "instagram", "tiktok", "whatsapp"] as const;
export type SharePlatform = (typeof SHARE_PLATFORMS)[number];

export const PLATFORM_NAMES: Record<SharePlatform, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  tiktok: "TikTok",
  whatsapp: "WhatsApp",
};
