import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/page-words";

const SCROLL_TOP_AFTER_PX = 300;

/** The full-screen loading animation during route changes (shown after a short delay, by CSS). */
export function RouteLoading() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  if (navigation.state === "idle") return null;
  return (
    <div className="route-loading" role="status" aria-live="polite" data-testid="route-loading">
      <div className="route-loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t("common.loading")}</span>
    </div>
  );
}

export function ScrollTopButton() {
  const [scrolled, setScrolled] = useState(false);
  // The footer has its own "Back to top": once it is in view the button steps aside, covering none of its links.
  const [footerShown, setFooterShown] = useState(false);
  const { t } = useTranslation();
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_TOP_AFTER_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    const footer = document.querySelector(".site-footer");
    const seen =
      footer && "IntersectionObserver" in window
        ? new IntersectionObserver(([e]) => setFooterShown(Boolean(e?.isIntersecting)))
        : null;
    if (footer) seen?.observe(footer);
    return () => {
      window.removeEventListener("scroll", onScroll);
      seen?.disconnect();
    };
  }, []);
  if (!scrolled || footerShown) return null;
  return (
    <button
      type="button"
      className="scroll-top"
      aria-label={t("common.scrollTop")}
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
    >
      ↑
    </button>
  );
}
