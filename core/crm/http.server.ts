import { CrmError, failureKindOf, parseRetryAfter } from "./rules.ts";

export interface CrmHttpOptions {
  /** The API's origin, e.g. https://api.hubapi.com (tests point it at a local fake). */
  baseUrl: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

/** The CRM's own words for an error body: HubSpot's `message`, Pipedrive's `error`, Salesforce's `[{ message }]`. */
export function crmMessageOf(body: unknown, fallback: string): string {
  if (Array.isArray(body) && body[0] && typeof body[0].message === "string")
    return body[0].errorCode ? `${body[0].errorCode}: ${body[0].message}` : body[0].message;
  if (body && typeof body === "object") {
    const record = body as Record<string, unknown>;
    for (const key of ["message", "error", "error_info"])
      if (typeof record[key] === "string" && record[key]) return record[key] as string;
  }
  return fallback;
}

/**
 * One JSON call to a CRM with a time-out. A non-2xx answer, a time-out or a lost connection becomes a
 * CrmError carrying the CRM's message and, on 429, its Retry-After.
 */
export async function crmRequest<T>(
  options: CrmHttpOptions,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  let response: Response;
  try {
    response = await fetch(new URL(path, options.baseUrl), {
      method,
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...options.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === "TimeoutError" || name === "AbortError")
      throw new CrmError("timeout", `No answer within ${options.timeoutMs} ms`);
    throw new CrmError("network", (error as Error).message || "Connection failed");
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new CrmError(
      (error as { name?: string }).name === "TimeoutError" ? "timeout" : "network",
      `No complete answer within ${options.timeoutMs} ms`,
    );
  }
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    throw new CrmError(failureKindOf(response.status), crmMessageOf(data, `HTTP ${response.status}`), {
      status: response.status,
      retryAfterMs: response.status === 429 ? parseRetryAfter(response.headers.get("retry-after")) : null,
    });
  }
  return { status: response.status, data: data as T };
}
