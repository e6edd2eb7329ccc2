/**
 * The page's catalogue, written into the document by the server (entry.server.tsx gives it through this context)
 * so that the browser starts with those words at once and hydrates without waiting for a request: the parts its
 * routes can say (app/lib/catalogue-parts.server.ts), with the routes they cover in `data-routes` ("*": all). In
 * the browser the context is empty: the element keeps what the server wrote (React leaves its content alone on
 * hydration, and no later render changes the empty value it is given there).
 */
import { createContext, useContext } from "react";

export type PageCatalogue = { json: string; routes: string[] | "all" };

const CatalogueContext = createContext<PageCatalogue>({ json: "", routes: [] });
export const CatalogueProvider = CatalogueContext.Provider;
export const CATALOGUE_ELEMENT_ID = "i18n-catalogue";

export function CatalogueScript({ nonce }: { nonce: string }) {
  const { json, routes } = useContext(CatalogueContext);
  return (
    <script
      id={CATALOGUE_ELEMENT_ID}
      type="application/json"
      nonce={nonce}
      data-routes={routes === "all" ? "*" : routes.join(",")}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
