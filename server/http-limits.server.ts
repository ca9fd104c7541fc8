import http from "node:http";
import type { Config } from "../config/env.ts";

type Limits = Pick<Config, "HTTP_HEADERS_TIMEOUT_SECONDS" | "HTTP_REQUEST_TIMEOUT_SECONDS" | "HTTP_MAX_CONNECTIONS">;

/**
 * Limits for a public server: a client has HTTP_HEADERS_TIMEOUT_SECONDS to send its headers and
 * HTTP_REQUEST_TIMEOUT_SECONDS for the whole request, then gets a 408 and the connection closes. Node
 * checks those deadlines every `connectionsCheckingInterval` (30 s by default, which held stalled
 * connections 48 to 78 s); a check each second keeps them close to what is set. Idle keep-alive
 * connections stay 65 s, longer than load balancers' usual 60, so that none reuses a closed one.
 */
export function httpServerOptions(limits: Limits): http.ServerOptions {
  return {
    headersTimeout: limits.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
    requestTimeout: limits.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeout: 65_000,
    connectionsCheckingInterval: 1000,
  };
}

/** Applies the limits to a server, and caps its open connections (more are refused at once). */
export function applyHttpLimits(server: http.Server, limits: Limits): http.Server {
  const options = httpServerOptions(limits);
  server.headersTimeout = options.headersTimeout!;
  server.requestTimeout = options.requestTimeout!;
  server.keepAliveTimeout = options.keepAliveTimeout!;
  server.maxConnections = limits.HTTP_MAX_CONNECTIONS;
  return server;
}

/** A node:http server for the app's request listener, with the limits above. */
export function createLimitedServer(listener: http.RequestListener, limits: Limits): http.Server {
  return applyHttpLimits(http.createServer(httpServerOptions(limits), listener), limits);
}
