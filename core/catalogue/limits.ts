// The catalogue's service ids, without zod: the browser's pages and forms use them in their first
// load, and schema.ts (which re-exports them) would bring zod along.

export const MAIN_SERVICE_IDS = ["conception", "creation", "marketing", "promotion", "sales"] as const;
export const SPECIALISED_SERVICE_IDS = [
  "website",
  "agent_ai",
  "service_ai",
  "chat_bot",
  "logo_design",
  "graphics",
  "campaigns",
  "social_media",
  "video_marketing",
  "sport_audiovisuel",
  "jingle",
] as const;
export type MainServiceId = (typeof MAIN_SERVICE_IDS)[number];
export type SpecialisedServiceId = (typeof SPECIALISED_SERVICE_IDS)[number];
export type CatalogueServiceId = MainServiceId | SpecialisedServiceId;
