import http from "node:http";
import type { AddressInfo } from "node:net";

/** A request as the fake CRM received it. */
export interface FakeCrmRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  /** When it arrived (ms since the epoch). */
  at: number;
}

/** A scripted answer for the next request: an HTTP failure, or no answer at all (a time-out). */
export type ScriptedFailure =
  | { status: number; retryAfter?: string; body?: unknown }
  | { timeout: true; afterHandling?: boolean };

export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * The HTTP side every fake CRM shares: a local server that records each request, answers scripted
 * failures first (429 with Retry-After, 500, a time-out), then lets the CRM's own routes answer.
 * `problems` lists requests the real API would have refused for their shape; tests expect it empty.
 */
export abstract class FakeCrmServer {
  readonly requests: FakeCrmRequest[] = [];
  readonly problems: string[] = [];
  private readonly script: ScriptedFailure[] = [];
  private readonly held = new Set<http.ServerResponse>();
  private server: http.Server | null = null;
  url = "";

  /** The next requests get these answers, in order, before the CRM answers normally again. */
  failNext(...failures: ScriptedFailure[]): this {
    this.script.push(...failures);
    return this;
  }

  protected abstract authorised(headers: http.IncomingHttpHeaders): boolean;
  protected abstract unauthorised(): FakeAnswer;
  protected abstract defaultFailureBody(status: number): unknown;
  protected abstract route(request: FakeCrmRequest): FakeAnswer;

  protected problem(request: FakeCrmRequest, text: string): void {
    this.problems.push(`${request.method} ${request.path}: ${text}`);
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const url = new URL(req.url ?? "/", "http://fake");
        const text = Buffer.concat(chunks).toString("utf8");
        let body: unknown = null;
        if (text) {
          try {
            body = JSON.parse(text);
          } catch {
            body = text;
          }
        }
        const request: FakeCrmRequest = {
          method: req.method ?? "GET",
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body,
          at: Date.now(),
        };
        this.requests.push(request);
        if (text && !String(req.headers["content-type"] ?? "").startsWith("application/json"))
          this.problem(request, "a body without a JSON content type");
        const scripted = this.script.shift();
        if (scripted && "timeout" in scripted) {
          // Never answered: the client's time-out has to end the call. With afterHandling, the CRM did
          // the work (the record exists) but its answer is lost, as when the caller dies mid-call.
          if (scripted.afterHandling && this.authorised(req.headers)) this.route(request);
          this.held.add(res);
          res.on("close", () => this.held.delete(res));
          return;
        }
        let answer: FakeAnswer;
        if (scripted) {
          const body =
            scripted.body ??
            (scripted.status === 401 ? this.unauthorised().body : this.defaultFailureBody(scripted.status));
          answer = {
            status: scripted.status,
            body,
            headers: scripted.retryAfter ? { "retry-after": scripted.retryAfter } : {},
          };
        } else if (!this.authorised(req.headers)) {
          answer = this.unauthorised();
        } else {
          answer = this.route(request);
        }
        res.writeHead(answer.status, {
          ...(answer.body === undefined ? {} : { "content-type": "application/json" }),
          ...answer.headers,
        });
        res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
