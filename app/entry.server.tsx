import { Writable } from "node:stream";
import { type AppLoadContext, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { isLang, langOfPath } from "../lib/i18n/languages";
import { pageCatalogue } from "./lib/catalogue-parts.server";
import { CatalogueProvider } from "./lib/catalogue-script";
import { NonceProvider } from "./lib/nonce";
import { WordsSourceProvider } from "./lib/page-words";
import { serverWords } from "./lib/server-words.server";

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
  // The language the root decided (the address's, or the client's own); an error before the root ran: the address's.
  const rootLang = (remixContext.staticHandlerContext.loaderData?.root as { lang?: unknown } | undefined)?.lang;
  const lang = isLang(rootLang) ? rootLang : langOfPath(new URL(request.url).pathname);
  // The routes this page is drawn with (to its error boundary's, when one caught): the words the document carries.
  const routeIds = remixContext.staticHandlerContext.matches.map((m) => m.route.id).filter((id) => id !== "root");
  // The page is sent whole, once React has drawn all of it, to people and robots alike. No loader of ours defers
  // data, so streaming the shell first would send the same page sooner by a few milliseconds of render, at the
  // price of the web streams between React, Remix and Express on every chunk, and of the data's Suspense
  // boundaries sent first empty and then filled by inline scripts. Collected in one buffer, the document costs
  // the server 10 to 20 % less CPU a request (docs/perf.md, 2026-11-29, fifth), and an error after the shell
  // still sets the status (a streamed page had sent its 200 already).
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    function respond() {
      const chunks: Buffer[] = [];
      const page = new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      });
      page.on("finish", () => {
        const body = Buffer.concat(chunks);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        responseHeaders.set("Content-Length", String(body.length));
        resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
      });
      pipe(page);
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
          shellRendered = true;
        },
        onAllReady() {
          clearTimeout(cutOff);
          respond();
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
