import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

const SCROLL_TOP_AFTER_PX = 300;

/** The full-screen loading animation during route changes (shown after a short delay, by CSS). */
export function RouteLoading() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div className="route-loading" role="status" aria-live="polite" data-testid="route-loading">
      <div className="route-loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}

export function ScrollTopButton() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_AFTER_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="scroll-top"
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
    >
      ↑
    </button>
  );
}
