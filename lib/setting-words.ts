/**
 * The business settings in words (issue 38: apart from lib/business.ts, so that the pages' shared code does not
 * carry the office's words): a setting's name on its form, and a change of it as the audit log and the saved
 * message say it.
 */
import type { Say } from "./business.js";
import { isTextLang } from "./i18n/languages.js";

const serviceSetting = /^service_(\d)_(documents|tagline|intro|includes|for_whom)(?:_([a-z]{2}))?$/;

/**
 * A setting's name, from the workspace catalogue (`office.settingLabels`): the service's own settings name the
 * service ("Mentorship's tagline"), and a text in another language says which ("… in Arabic").
 */
export function settingLabel(key: string, t: Say): string {
  const service = serviceSetting.exec(key);
  if (!service) return t(`office.settingLabels.${key}`);
  const label = t(`office.settingLabels.${service[2]}`, { service: t(`services.s${service[1]}.name`) });
  const lang = service[3];
  return isTextLang(lang) ? t("office.settingLabels.inLanguage", { label, language: t(`office.languages.${lang}`) }) : label;
}

/** One setting's change in words: "Cancellation cut-off changed from 24 to 48 hours", "Hours on Tuesdays: 9:00–17:00". */
export function describeSetting(key: string, before: unknown, after: unknown, t: Say): string {
  const w = (k: string, values?: Record<string, unknown>) => t(`office.auditWords.${k}`, values);
  const field = settingLabel(key, t);
  const list = (v: unknown) => (Array.isArray(v) && v.length ? v.join(", ") : w("none"));
  const shown = (v: unknown) => (v === null || v === undefined || v === "" ? w("nothing") : w("quoted", { value: String(v) }));
  const hours = (v: unknown) => (v ? String(v).replace("-", "–").replace(/^0/, "").replace(/–0/, "–") : w("closed"));
  const [from, to] = [String(before), String(after)];
  if (/^hours_\d$/.test(key)) return w("hoursWas", { field, now: hours(after), was: hours(before) });
  if (key === "hold_minutes") return w("holdMinutes", { from, to });
  if (key === "cancel_cutoff_hours") return w("cutoffHours", { from, to });
  if (key === "min_notice_hours") return w("noticeHours", { from, to });
  if (key.startsWith("factor_")) return w(after ? "factorRequired" : "factorOptional", { field });
  if (key === "brand_logo") return w(after ? "logoChanged" : "logoRemoved");
  if (key.endsWith("_documents")) return w("list", { field, now: list(after), was: list(before) });
  if (/_(intro|includes|for_whom)(_[a-z]{2})?$/.test(key)) return w("rewritten", { field });
  return w("changed", { field, from: shown(before), to: shown(after) });
}
