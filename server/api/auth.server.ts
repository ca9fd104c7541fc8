import type { Config } from "../../config/env.ts";
import type { Services } from "../services.server.ts";
import { createRouter } from "./router.server.ts";

export function authRoutes(_config: Config, _services: Services) {
  return createRouter();
}
