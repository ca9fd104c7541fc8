import type { ServerResponse } from "node:http";
import type { Context } from "hono";

/**
 * Headers known before the handler runs (security headers, the request id) are written straight onto
 * Node's response when the app runs behind @hono/node-server: Node merges them into the status line the
 * adapter writes, so the handler's Response is never touched after it exists. Changing a finished Hono
 * response (`c.header()` after `next()`) makes Hono rebuild it around a stream, which cost a third of the
 * CPU of small JSON answers. Returns false when there is no Node response (app.request() in tests, other
 * runtimes); the caller then sets the headers on the Hono response instead.
 */
export function presetHeaders(c: Context, headers: ReadonlyArray<readonly [string, string]>): boolean {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing || typeof outgoing.setHeader !== "function" || outgoing.headersSent) return false;
  for (const [name, value] of headers) outgoing.setHeader(name, value);
  return true;
}

/**
 * The slow path for when presetHeaders could not write to Node's response: set each header on the
 * finished Hono response where the handler did not set its own (as Node's writeHead lets the handler's
 * win over preset headers), except Vary, whose values add up.
 */
export function setOnResponse(c: Context, headers: ReadonlyArray<readonly [string, string]>): void {
  for (const [name, value] of headers) {
    const current = c.res.headers.get(name);
    if (name.toLowerCase() === "vary") {
      if (!current) c.header(name, value);
      else if (current !== "*" && !current.toLowerCase().includes(value.toLowerCase()))
        c.header(name, `${current}, ${value}`);
    } else if (current === null) {
      c.header(name, value);
    }
  }
}
