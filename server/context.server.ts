import type { Language } from "../core/i18n/language.ts";
import type { CurrentUser, SessionData } from "../core/auth/schema.ts";
import type { Logger } from "./logger.server.ts";

/** Per-request values set by the middleware chain. */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    nonce: string;
    /** A handler's own CSP script-src (a cached page lists its scripts' hashes instead of the nonce). */
    scriptSrc: string | undefined;
    language: Language;
    sessionId: string | null;
    session: SessionData;
    user: CurrentUser | null;
  };
}
