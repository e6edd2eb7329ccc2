import { useLocalPath } from "../../lib/lang";
import { useTranslation } from "../../lib/page-words";
import { appLink } from "./app-link";

export function SiteFooter({ copyrightYear, company }: { copyrightYear: number; company: string }) {
  const { t } = useTranslation();
  const local = useLocalPath();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <nav aria-label={t("common.footerNav")}>
          <ul className="site-footer__links">
            <li>
              <a {...appLink(local("/terms/"))}>{t("common.terms")}</a>
            </li>
            <li>
              <a {...appLink(local("/privacy/"))}>{t("common.privacy")}</a>
            </li>
            <li>
              <a {...appLink(local("/contact/"))}>{t("common.contact")}</a>
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
