/**
 * Where the client's case stands (issue 39, point 3), on their own page in their language: for every service they
 * have, its stages in order with the one it is at, what comes next, their agent's word, and how many documents of
 * it are still asked of them.
 */
import type { MyCaseStage } from "../../../lib/contract";
import { formatDateTime } from "../../lib/dates";
import { useIntlLocale } from "../../lib/lang";
import { useTranslation } from "../../lib/page-words";

export function CaseProgress({ cases, timeZone }: { cases: MyCaseStage[]; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  if (!cases.length) return null;
  return (
    <section aria-labelledby="case-progress" className="case-progress">
      <h2 id="case-progress">{t("my.caseHeading")}</h2>
      {cases.map((c) => {
        const next = c.current >= 0 ? c.stages[c.current + 1] : c.stages[0];
        return (
          <article key={c.service_id} className="card" data-testid={`case-${c.service_id}`}>
            <h3>{t(`services.s${c.service_id}.name`)}</h3>
            <ol className="stages">
              {c.stages.map((s, i) => (
                <li
                  key={s}
                  aria-current={i === c.current ? "step" : undefined}
                  className={i === c.current ? "stages__now" : i < c.current ? "stages__done" : undefined}
                >
                  {s}
                </li>
              ))}
            </ol>
            <p>
              {c.current >= 0
                ? t("my.caseNow", { stage: c.stages[c.current], when: formatDateTime(c.moved_at!, timeZone, locale) })
                : t("my.caseNotStarted")}{" "}
              {next ? t("my.caseNext", { stage: next }) : t("my.caseLast")}
            </p>
            {c.note ? <blockquote className="my-message">{c.note}</blockquote> : null}
            {c.asked ? (
              <p>
                <a href="#documents">{t("my.caseAsked", { count: c.asked })}</a>
              </p>
            ) : null}
          </article>
        );
      })}
    </section>
  );
}
