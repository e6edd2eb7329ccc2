/**
 * Toasts (spec §8), shown by react-toastify with the settings of toast-shelf.tsx. That module (7 kB of script)
 * is fetched the first time a page has a toast to show, not with every page: `ToastHost` draws its shelf from then
 * on. With JavaScript off the same message is printed in the page instead.
 */
import { useEffect, useState, type ComponentType } from "react";
import type { ToastMessage } from "../../lib/toast";

type Shelf = typeof import("./toast-shelf");
let shelf: Promise<Shelf> | null = null;
const hosts = new Set<(loaded: Shelf) => void>();

function withShelf(then: (loaded: Shelf) => void) {
  shelf ??= import("./toast-shelf");
  shelf.then(then).catch((error: unknown) => {
    // A failed fetch (offline, a new release) is tried again with the next toast; the page itself is unharmed.
    shelf = null;
    console.warn("The toasts could not be loaded:", error);
  });
}

/** What the page's live region says: the last toast's words. */
let announce: ((words: string) => void) | null = null;

export function ToastHost() {
  const [Drawn, setDrawn] = useState<ComponentType | null>(null);
  const [said, setSaid] = useState("");
  useEffect(() => {
    announce = (words) => setSaid(words);
    return () => void (announce = null);
  }, []);
  useEffect(() => {
    const draw = (loaded: Shelf) => setDrawn(() => loaded.ToastShelf);
    hosts.add(draw);
    // A toast asked for before this host was drawn has the shelf on its way, or here.
    if (shelf) withShelf(draw);
    return () => void hosts.delete(draw);
  }, []);
  return (
    <>
      {/* In the page from its first paint, so that a screen reader hears each toast (a region made with its content is
          not read). */}
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="toast-announce">
        {said}
      </div>
      {Drawn ? <Drawn /> : null}
    </>
  );
}

export function Toast({ toast }: { toast: ToastMessage | null | undefined }) {
  useEffect(() => {
    if (!toast) return;
    announce?.(toast.message);
    withShelf((loaded) => {
      for (const draw of hosts) draw(loaded);
      loaded.showToast(toast);
    });
  }, [toast]);

  if (!toast) return null;
  return (
    <noscript>
      <div className={`flash flash--${toast.type}`} role="status" data-testid="flash">
        {toast.message}
      </div>
    </noscript>
  );
}
