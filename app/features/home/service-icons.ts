import {
  Bot,
  Brush,
  ChartLine,
  Clapperboard,
  Globe,
  Handshake,
  Lightbulb,
  Megaphone,
  MessageSquareText,
  Music,
  Palette,
  PenTool,
  Share2,
  Sparkles,
  Target,
  Trophy,
  Workflow,
  type LucideIcon,
} from "lucide-react";

/** The icon of each catalogue service; a service added later gets a neutral spark. */
const ICONS: Record<string, LucideIcon> = {
  conception: Lightbulb,
  creation: Palette,
  marketing: ChartLine,
  promotion: Megaphone,
  sales: Handshake,
  website: Globe,
  agent_ai: Bot,
  service_ai: Workflow,
  chat_bot: MessageSquareText,
  logo_design: PenTool,
  graphics: Brush,
  campaigns: Target,
  social_media: Share2,
  video_marketing: Clapperboard,
  sport_audiovisuel: Trophy,
  jingle: Music,
};

export function serviceIcon(id: string): LucideIcon {
  return ICONS[id] ?? Sparkles;
}
