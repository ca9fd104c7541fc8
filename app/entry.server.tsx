import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nProvider } from "./i18n/react.tsx";
import { ServerInlinedText } from "./i18n/inline-resources.tsx";
import { inlinedText } from "./i18n/inline-text.server.ts";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { isLanguage } from "../core/i18n/language.ts";
import { serverI18n } from "../server/i18n.server.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const rootData = routerContext.staticHandlerContext.loaderData.root as { language?: string } | undefined;
  const language = isLanguage(rootData?.language) ? rootData.language : loadContext.requestLanguage;
  // The language's shared instance: created once at start-up, never switched to another language.
  const i18n = serverI18n(language);
  const nonce = loadContext.nonce;
  // The page's translations for the browser to hydrate with (its routes' namespaces, in part).
  const inlined = inlinedText(
    i18n,
    language,
    routerContext.staticHandlerContext.matches.map((match) => match.route.id),
  );
  // Crawlers get the whole document at once; people get it streamed.
  const readyEvent =
    isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <I18nProvider i18n={i18n}>
        <ServerInlinedText value={inlined}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ServerInlinedText>
      </I18nProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged by React Router's handleError; only log early ones here.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
