/**
 * The browser's start: Remix hydrates the document. The page's words are there already (app/lib/page-words.tsx reads
 * what the server wrote into the document, catalogue-loading.ts), so hydration waits for nothing.
 */
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// A navigation that a newer one replaced ends its requests, and React Router's single fetch lets that abort escape as
// an unhandled rejection (remix-run/react-router#14203): expected, not an error, so it is not reported as one.
window.addEventListener("unhandledrejection", (event) => {
  if (event.reason instanceof DOMException && event.reason.name === "AbortError") event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
