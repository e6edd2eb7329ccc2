/**
 * Links within the portal drawn as plain anchors, for the places that have dozens of them (a list's rows, the
 * header's sections): a `<Link>` is a component of a dozen hooks, and the mentor directory's 48 of them were a fifth
 * of its page's time on the server (docs/perf.md). One listener on the document, `useAppLinkClicks` in the root's
 * layout, does for every such anchor what `<Link>` does on a click: the next page comes through the router, without a
 * full load. Without scripts (or before they run) they are plain links, as every `<Link>` is.
 */
import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

/**
 * An anchor's attributes for an address of the portal: an absolute path (`/mentors/7?client=3`) or a query of this
 * page (`?page=2`), as a browser resolves it. `data-discover` asks Remix to learn the target's route ahead of the click,
 * as it does for a `<Link>`; `data-app-link` is what the document's listener looks for.
 */
export function appLink(to: string) {
  return { href: to, "data-app-link": "", "data-discover": "true" } as const;
}

/** Whether a click is one a `<Link>` would take over: the main button, no key held (those open a tab or a window). */
function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}

/**
 * The document's one listener for `appLink` anchors. It leaves alone what `<Link>` leaves alone: a click already
 * handled, another button or a key held, an anchor that opens elsewhere (`target`) or downloads, another origin. A link
 * to the very address shown replaces the history entry instead of adding one, as `<Link>` does.
 */
export function useAppLinkClicks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || !isPlainClick(event) || !(event.target instanceof Element)) return;
      const anchor = event.target.closest("a[data-app-link]");
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      if (anchor.origin !== window.location.origin) return;
      event.preventDefault();
      const to = anchor.pathname + anchor.search + anchor.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      navigate(to, { replace: to === here });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
