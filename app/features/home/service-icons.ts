import type { IconName } from "../../components/ui/icon-names.ts";

/** The icon of each catalogue service; a service added later gets a neutral spark. */
const ICONS: Record<string, IconName> = {
  conception: "lightbulb",
  creation: "palette",
  marketing: "chart-line",
  promotion: "megaphone",
  sales: "handshake",
  website: "globe",
  agent_ai: "bot",
  service_ai: "workflow",
  chat_bot: "message-square-text",
  logo_design: "pen-tool",
  graphics: "brush",
  campaigns: "target",
  social_media: "share-2",
  video_marketing: "clapperboard",
  sport_audiovisuel: "trophy",
  jingle: "music",
};

export function serviceIcon(id: string): IconName {
  return ICONS[id] ?? "sparkles";
}
