import { flatRoutes } from "remix-flat-routes";

/**
 * The routes live in rooms by area (issue 68), remix-flat-routes' folders: `_public+/`, `_auth+/`, `_workspace+/` (the
 * agent's), `office+/`, `mentoring+/`, `my+/` (the client's), `_resources+/`. A folder's `+` makes its name the first
 * part of each file's route name (`office+/plans.$id.tsx` is `office.plans.$id`); a name starting with `_` adds no
 * address (`_workspace+/cart.tsx` is `/cart`). A page's components live in app/components/ by the same areas, the
 * shared ones in `ui/`. docs/decisions/015-routes-in-rooms.md says more.
 */
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Remix's own reading of app/routes is off: remix-flat-routes reads it, rooms included.
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) => flatRoutes("routes", defineRoutes, { ignoredRouteFiles: ["**/.*", "**/*.test.*"] }),
  serverModuleFormat: "esm",
  serverPlatform: "node",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
