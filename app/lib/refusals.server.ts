/**
 * The API's refusals and the forms' own, in the page's language: by their code (lib/contract/codes.ts), never by
 * their English. An English page shows the English that came with the code (the API's and the schemas' words,
 * written for it); a page in another language the catalogue's words for the code, here. Only the codes a visitor
 * or a client can meet are drawn in other languages (`everyoneCodes`): the workspaces are in English.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { CodeParams, FieldError, RefusalCode } from "../../lib/contract.js";
import { CLIENT_QUOTA, fileSizeInText } from "../../lib/documents.js";
import type { FieldErrors, FieldMessages } from "../../lib/field-errors.js";
import { translator } from "../../lib/i18n/index.js";
import { intlLocale, isLang, langOfPath, type Lang } from "../../lib/i18n/languages.js";
import { fieldKeys, fieldLabelKey } from "./field-words.js";
import { chosenLang } from "./i18n.server.js";
import { sessionOf } from "./memo.server.js";
import { codeKey, codeKeys, type EveryoneCode } from "./refusal-keys.js";
import { accountOf } from "./session.server.js";

export type Refusal = { code: RefusalCode; params?: CodeParams; message: string };

/** The words of refusals in `lang`: `say(refusal, field?)`, and `fields(errors)` for a form's field errors. */
export function refusalWords(lang: Lang) {
  const t = translator(lang);
  const say = (refusal: Refusal, field?: string): string => {
    const common = codeKey(refusal.code);
    if (lang === "en" || !common) return refusal.message;
    const key = (field && fieldKeys[field]?.[refusal.code]) || common;
    const values = { ...valuesOf(refusal, lang), field: t(fieldLabelKey(field)) };
    // A file's refusal names the file first ("scan.tiff: The file is empty.").
    const name = refusal.code.startsWith("upload.") ? refusal.params?.name : undefined;
    return name === undefined ? t(key, values) : t("my.fileProblem", { name, problem: t(key, values) });
  };
  const fields = (errors: FieldErrors | undefined): FieldMessages => {
    const out: FieldMessages = {};
    for (const [field, list] of Object.entries(errors ?? {})) out[field] = list.map((e: FieldError) => say(e, field));
    return out;
  };
  /** A code's own words in this language (a code a visitor or client can meet) */
  const catalogue = (code: EveryoneCode) => t(codeKeys[code]);
  return Object.assign(say, { fields, catalogue });
}

/** The values a code's words name, as the page's language writes them (a wait in minutes, a quota in MB). */
function valuesOf(refusal: Refusal, lang: Lang): Record<string, string | number> {
  const params = { ...refusal.params };
  if (refusal.code === "rate.too_many" && typeof params.seconds === "number") {
    const minutes = params.seconds >= 120;
    params.wait = new Intl.NumberFormat(intlLocale(lang), {
      style: "unit",
      unit: minutes ? "minute" : "second",
      unitDisplay: "long",
    }).format(minutes ? Math.ceil(params.seconds / 60) : params.seconds);
  }
  if (refusal.code === "upload.quota_full") {
    params.files = CLIENT_QUOTA.files;
    params.bytes = fileSizeInText(CLIENT_QUOTA.bytes);
  }
  return params;
}

/** The language of the page a request is for: a client's own pages in theirs, any other in its address's. */
export async function requestLang(request: Request, context: AppLoadContext): Promise<Lang> {
  const url = new URL(request.url);
  if (!/^\/my(\/|$)/.test(url.pathname)) return langOfPath(url.pathname);
  const { account } = accountOf(await sessionOf(context, request));
  const own = account?.kind === "client" ? account.person.language : null;
  const candidates = [own, url.searchParams.get("lang"), await chosenLang(request)];
  return candidates.find((c): c is Lang => isLang(c)) ?? "en";
}
