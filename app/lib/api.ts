/** The JSON error body every /api route answers with. */
export interface ApiErrorBody {
  message: string;
  code: string;
  fields?: Record<string, string>;
}

/** A non-ok API answer; `message` is already translated by the server. */
export class ApiError extends Error {
  public readonly status: number;
  public readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.status = status;
    this.body = body;
    this.name = "ApiError";
  }
}

/** The header that carries the language of the page an API call comes from. */
export const PAGE_LANGUAGE_HEADER = "x-page-language";

/**
 * Calls our own API from the browser: JSON in and out, cookies sent, and any non-ok answer raised as
 * an ApiError carrying the server's (translated) message and field messages.
 */
export async function api<T>(
  path: string,
  init: { method?: string; json?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json", ...init.headers };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  // The page's language, so that the server's messages match the page (a /fr address read by an English browser).
  if (typeof document !== "undefined" && document.documentElement.lang)
    headers[PAGE_LANGUAGE_HEADER] = document.documentElement.lang;
  const response = await fetch(path, {
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
    headers,
    credentials: "same-origin",
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    signal: init.signal,
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const body =
      parsed && typeof parsed === "object" && "message" in parsed
        ? (parsed as ApiErrorBody)
        : { message: `${response.status}: ${text || response.statusText}`, code: "http_error" };
    throw new ApiError(response.status, body);
  }
  return parsed as T;
}
