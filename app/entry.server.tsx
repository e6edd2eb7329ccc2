import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { isLang, langOfPath } from "../lib/i18n/languages";
import { pageCatalogue } from "./lib/catalogue-parts.server";
import { CatalogueProvider } from "./lib/catalogue-script";
import { NonceProvider } from "./lib/nonce";
import { serverWords } from "./lib/server-words.server";
import { WordsSourceProvider } from "./lib/words";

/** How long a response may stream before pending data is rejected (single fetch's replacement for abortDelay). */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  // The language the root decided (the address's, or the client's own); an error before the root ran: the address's.
  const rootLang = (remixContext.staticHandlerContext.loaderData?.root as { lang?: unknown } | undefined)?.lang;
  const lang = isLang(rootLang) ? rootLang : langOfPath(new URL(request.url).pathname);
  // The routes this page is drawn with (to its error boundary's, when one caught): the words the document carries.
  const routeIds = remixContext.staticHandlerContext.matches.map((m) => m.route.id).filter((id) => id !== "root");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    function respond() {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    }
    // Give pending data its streamTimeout, then a second to be rendered as rejected before the render is cut.
    // The timer is cleared once everything is rendered: left running, it would keep each finished render (and
    // all it refers to) alive for six seconds, which under load is most of the server's heap.
    const cutOff = setTimeout(() => abort(), streamTimeout + 1_000);
    const { pipe, abort } = renderToPipeableStream(
      <WordsSourceProvider value={serverWords}>
        <CatalogueProvider value={pageCatalogue(lang, routeIds, remixContext.manifest.version)}>
          <NonceProvider value={nonce}>
            <RemixServer context={remixContext} url={request.url} nonce={nonce} />
          </NonceProvider>
        </CatalogueProvider>
      </WordsSourceProvider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) respond();
        },
        onAllReady() {
          clearTimeout(cutOff);
          if (waitForAll) respond();
        },
        onShellError(error: unknown) {
          clearTimeout(cutOff);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors during the shell are reported by onShellError; later ones are logged once here.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
