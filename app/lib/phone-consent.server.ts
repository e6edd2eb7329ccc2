/**
 * The consent forms' posts (app/components/ui/phone-consent.tsx), for /my and /account alike: give a consent for a
 * channel (the number and the box, checked by the contract's schema, beside the fields of that channel's form), or
 * withdraw one. Said in the page's language; a refusal names its form.
 */
import type { AppLoadContext } from "@remix-run/node";
import { endpoints, phoneForPeople, type MessagingState, type PhoneChannel } from "../../lib/contract.js";
import { translator } from "../../lib/i18n/index.js";
import type { Lang } from "../../lib/i18n/languages.js";
import { apiActionError, type ApiClient } from "./api.server.js";
import { forForm, textFields, validateForm } from "./forms.server.js";
import { consentBody, consentCodeBody } from "./schemas.server.js";
import { redirectWithToast } from "./toast.server.js";

/** The page's consents, with each number as people read it. */
export async function phoneConsents(api: ApiClient, lang: Lang) {
  const state: MessagingState = await api.call(endpoints.messaging, { query: { lang } });
  const shown = Object.fromEntries(state.consents.map((c) => [c.phone, phoneForPeople(c.phone)]));
  return { ...state, shown };
}

const channelOf = (intent: string): PhoneChannel | null =>
  intent === "phone-sms" ? "sms" : intent === "phone-whatsapp" ? "whatsapp" : null;

/** Whether the post is one of these forms' */
export const isPhoneIntent = (intent: string) =>
  intent === "phone-withdraw" || intent === "phone-confirm" || intent === "phone-code" || channelOf(intent) !== null;

export async function phoneConsentAction(
  request: Request,
  context: AppLoadContext,
  api: ApiClient,
  formData: FormData,
  opts: { lang: Lang; back: string },
) {
  const t = translator(opts.lang);
  const intent = String(formData.get("intent") ?? "");
  const channelName = (c: string) => t(`phoneConsent.${c === "whatsapp" ? "whatsapp" : "sms"}`);
  if (intent === "phone-withdraw") {
    const id = Number(formData.get("consent_id"));
    try {
      await api.call(endpoints.withdrawConsent, { params: { id: Number.isInteger(id) && id > 0 ? id : 0 } });
      return await redirectWithToast(request, context, opts.back, {
        type: "success",
        message: t("phoneConsent.withdrawn", { channel: channelName(String(formData.get("channel"))) }),
      });
    } catch (error) {
      return forForm(await apiActionError(error, request, context, {}), intent);
    }
  }
  if (intent === "phone-confirm" || intent === "phone-code") {
    const id = Number(formData.get("consent_id"));
    const params = { id: Number.isInteger(id) && id > 0 ? id : 0 };
    const values = { ...textFields(formData, ["code"]), lang: opts.lang };
    try {
      if (intent === "phone-code") {
        await api.call(endpoints.sendConsentCode, { params, body: { lang: opts.lang } });
        return await redirectWithToast(request, context, opts.back, { type: "success", message: t("phoneConsent.againSent") });
      }
      const { data: body, failure } = validateForm(consentCodeBody, values, opts.lang);
      if (failure) return forForm(failure, intent);
      const state = await api.call(endpoints.confirmConsent, { params, body });
      const confirmed = state.consents.find((c) => c.id === params.id);
      return await redirectWithToast(request, context, opts.back, {
        type: "success",
        message: t("phoneConsent.given", {
          channel: channelName(confirmed?.channel ?? "sms"),
          phone: confirmed ? phoneForPeople(confirmed.phone) : "",
        }),
      });
    } catch (error) {
      return forForm(await apiActionError(error, request, context, values), intent);
    }
  }
  const channel = channelOf(intent)!;
  const values = { ...textFields(formData, ["phone", "agree"]), channel, lang: opts.lang };
  const { data: body, failure } = validateForm(consentBody, values, opts.lang);
  if (failure) return forForm(failure, intent);
  try {
    await api.call(endpoints.giveConsent, { body });
    // The number counts once its code comes back (issue 66): the page asks for it.
    return await redirectWithToast(request, context, opts.back, {
      type: "success",
      message: t("phoneConsent.codeSent", { channel: channelName(channel), phone: phoneForPeople(body.phone) }),
    });
  } catch (error) {
    return forForm(await apiActionError(error, request, context, values), intent);
  }
}
