import type { Language } from "../core/i18n/language.ts";
import type { CurrentUser, SessionData } from "../core/auth/schema.ts";
import type { RequestLog } from "./logger.server.ts";

/** Per-request values set by the middleware chain. */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: RequestLog;
    nonce: string;
    language: Language;
    sessionId: string | null;
    session: SessionData;
    user: CurrentUser | null;
  };
}
