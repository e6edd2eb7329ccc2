import { Link } from "@remix-run/react";
import { useLocalPath } from "../lib/lang";
import { useTranslation } from "../lib/words";

export function SiteFooter({ copyrightYear, company }: { copyrightYear: number; company: string }) {
  const { t } = useTranslation();
  const local = useLocalPath();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <nav aria-label={t("common.footerNav")}>
          <ul className="site-footer__links">
            <li>
              <Link to={local("/terms/")}>{t("common.terms")}</Link>
            </li>
            <li>
              <Link to={local("/privacy/")}>{t("common.privacy")}</Link>
            </li>
            <li>
              <Link to={local("/contact/")}>{t("common.contact")}</Link>
            </li>
          </ul>
        </nav>
        <p>{t("common.rights", { year: copyrightYear, company })}</p>
        <a href="#top" className="back-to-top">
          {t("common.backToTop")}
        </a>
      </div>
    </footer>
  );
}
