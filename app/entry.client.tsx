/**
 * The browser's start: Remix hydrates the document. The page's words are there already (app/lib/page-words.tsx reads
 * what the server wrote into the document, catalogue-loading.ts), so hydration waits for nothing.
 */
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
