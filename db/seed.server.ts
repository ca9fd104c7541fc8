import type { Logger } from "../server/logger.server.ts";
import type { Services } from "../server/services.server.ts";

/** Demo content loaded on first start. */
export async function seedDemoContent(_services: Services, _logger: Logger): Promise<void> {}
