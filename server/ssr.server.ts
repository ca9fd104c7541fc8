import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { SsrHandler } from "./app.server.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const clientBuildDir = path.join(root, "build", "client");

/** React Router's handler over the production build made by `npm run build`. */
export async function productionSsr(): Promise<SsrHandler> {
  const buildFile = path.join(root, "build", "server", "index.js");
  let build: ServerBuild;
  try {
    build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  } catch (error) {
    throw new Error(`No production build at ${buildFile}: run "npm run build" first (npm start does it for you).`, {
      cause: error,
    });
  }
  const handler = createRequestHandler(build, "production");
  return (request, context) => handler(request, context);
}

/**
 * Development: Vite in middleware mode in front of the Hono listener, so that pages hot-reload and
 * every request still passes through the same server code as in production.
 */
export async function developmentServer(
  listener: http.RequestListener,
): Promise<{ ssr: SsrHandler; server: http.Server; close: () => Promise<void> }> {
  const vite = await import("vite");
  const server = http.createServer();
  // The hot-reload WebSocket shares the site's port (Vite would otherwise open its own, 24678, for every
  // dev server on the machine).
  const viteServer = await vite.createServer({
    root,
    server: { middlewareMode: true, hmr: { server } },
    appType: "custom",
  });
  const ssr: SsrHandler = async (request, context) => {
    const build = (await viteServer.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
    return createRequestHandler(build, "development")(request, context);
  };
  server.on("request", (req, res) => viteServer.middlewares(req, res, () => listener(req, res)));
  return { ssr, server, close: () => viteServer.close() };
}
