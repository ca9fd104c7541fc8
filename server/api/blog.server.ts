import type { Services } from "../services.server.ts";
import { createRouter } from "./router.server.ts";

export function blogRoutes(_services: Services) {
  return createRouter();
}
