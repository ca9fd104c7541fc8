import type { AddressInfo } from "node:net";
import net from "node:net";
import type http from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseConfig } from "../../config/env.ts";
import { createLimitedServer } from "../../server/http-limits.server.ts";

/** The public server's time-outs and connection cap (server/http-limits.server.ts), on a real socket. */
describe("HTTP server limits", () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  const listen = async (env: Record<string, string>) => {
    server = createLimitedServer((_req, res) => res.end("ok"), parseConfig({ NODE_ENV: "test", ...env }));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", () => resolve()));
    return (server.address() as AddressInfo).port;
  };

  /** Opens a connection, sends `text`, and resolves with what came back and when the server closed it. */
  const stall = (port: number, text: string) =>
    new Promise<{ reply: string; ms: number }>((resolve) => {
      const started = performance.now();
      const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
      let reply = "";
      socket.on("data", (chunk) => (reply += String(chunk)));
      socket.on("close", () => resolve({ reply, ms: performance.now() - started }));
      socket.on("error", () => undefined);
    });

  it("answers 408 and closes a connection whose headers stall, within about a second of the time-out", async () => {
    const port = await listen({ HTTP_HEADERS_TIMEOUT_SECONDS: "1", HTTP_REQUEST_TIMEOUT_SECONDS: "2" });
    const { reply, ms } = await stall(port, "GET / HTTP/1.1\r\nHost: x\r\n");
    expect(reply).toMatch(/^HTTP\/1.1 408/);
    expect(ms).toBeGreaterThan(900);
    expect(ms).toBeLessThan(3500);
  });

  it("answers 408 to a body that never ends", async () => {
    const port = await listen({ HTTP_HEADERS_TIMEOUT_SECONDS: "1", HTTP_REQUEST_TIMEOUT_SECONDS: "2" });
    const { reply, ms } = await stall(port, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc");
    expect(reply).toMatch(/408/);
    expect(ms).toBeLessThan(4500);
  });

  it("closes connections beyond the cap at once, and serves the others", async () => {
    const port = await listen({ HTTP_MAX_CONNECTIONS: "2" });
    const open = await Promise.all(
      [0, 1].map(
        () =>
          new Promise<net.Socket>((resolve) => {
            const s = net.connect(port, "127.0.0.1", () => resolve(s));
          }),
      ),
    );
    // The server counts both before the third comes (a client's connect can complete before the server's accept).
    const connections = () =>
      new Promise<number>((resolve) => server!.getConnections((_error, count) => resolve(count)));
    await vi.waitUntil(async () => (await connections()) === 2, { timeout: 2_000, interval: 10 });
    const third = await stall(port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(third.reply).toBe("");
    const served = await new Promise<string>((resolve) => {
      let data = "";
      open[0].on("data", (chunk) => {
        data += String(chunk);
        if (data.includes("ok")) resolve(data);
      });
      open[0].write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    });
    expect(served).toMatch(/^HTTP\/1.1 200/);
    for (const socket of open) socket.destroy();
  });

  it("defaults to 10 s for headers, 30 s per request and 2000 connections", () => {
    const config = parseConfig({ NODE_ENV: "test" });
    expect([
      config.HTTP_HEADERS_TIMEOUT_SECONDS,
      config.HTTP_REQUEST_TIMEOUT_SECONDS,
      config.HTTP_MAX_CONNECTIONS,
    ]).toEqual([10, 30, 2000]);
  });
});
