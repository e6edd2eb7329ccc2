/**
 * The catalogue's words for each code a visitor or a client can meet (lib/contract/codes.ts `everyoneCodes`): the
 * one table from a refusal's code to a catalogue key, for the server's answers (refusals.server.ts). The codes a
 * page throws for the error page to draw have their keys in thrown-refusals.ts, which the browser loads alone.
 */
import type { everyoneCodes } from "../../lib/contract/codes";
import { fieldCodeKeys } from "./field-words";
import { keyIn, thrownCodeKeys } from "./thrown-refusals";

export type EveryoneCode = (typeof everyoneCodes)[number];

/** Each code a visitor or client can meet, as a catalogue key; a field's own key where its field says it better. */
export const codeKeys: Record<EveryoneCode, string> = {
  ...thrownCodeKeys,
  ...fieldCodeKeys,
  "phone.e164": "phoneConsent.phoneInvalid",
  "consent.needed": "phoneConsent.agreeNeeded",
  "consent.channel_off": "phoneConsent.channelOff",
  "consent.not_found": "phoneConsent.gone",
  "consent.code_wrong": "phoneConsent.codeWrong",
  "consent.code_expired": "phoneConsent.codeExpired",
  "consent.code_locked": "phoneConsent.codeLocked",
  "consent.code_wait": "phoneConsent.codeWait",
  "mfa.required": "secondStep.asked",
  "mfa.challenge_gone": "secondStep.gone",
  "mfa.code_wrong": "secondStep.wrong",
  "mfa.setup_required": "secondStep.setUpFirst",
  "passkey.failed": "passkey.failed",
  "passkey.unknown": "passkey.unknown",
  "passkey.none": "passkey.none",
  "request.too_large": "my.tooLarge",
  "auth.session_expired": "messages.sessionExpired",
  "auth.wrong_credentials": "messages.wrongCredentials",
  "auth.deactivated": "messages.deactivated",
  "password_link.gone": "messages.passwordLinkGone",
  "client_link.gone": "my.linkGone",
  "rate.too_many": "messages.tooMany",
  "client.agent_changed": "my.agentChanged",
  "client.device_not_found": "my.deviceGone",
  "session.client_move_asked": "my.moveAlreadyAsked",
  "session.client_move_closed": "my.moveClosed",
  "message.attachment_invalid": "conversation.attachmentInvalid",
  "questionnaire.not_found": "errors.notFound",
  "questionnaire.closed": "intake.closed",
  "questionnaire.incomplete": "intake.incomplete",
  "questionnaire.no_section": "errors.notFound",
  "questionnaire.not_returned": "intake.notReturned",
  "questionnaire.not_a_file": "intake.notAFile",
  "answer.required": "intake.answerRequired",
  "agreement.not_found": "errors.notFound",
  "agreement.signed": "agreement.alreadySigned",
  "agreement.name": "agreement.nameMismatch",
  "agreement.text_changed": "agreement.textChanged",
  "answer.choice": "intake.choice",
  "answer.number": "intake.number",
  "answer.date": "intake.date",
  "answer.date_past": "intake.datePast",
  "answer.date_future": "intake.dateFuture",
  "answer.country": "intake.country",
  "document.not_found": "errors.notFound",
  "document.already_accepted": "my.alreadyAccepted",
  "document.just_reviewed": "my.justReviewed",
  "file.not_found": "errors.notFound",
  "session.not_found": "errors.notFound",
  "upload.empty": "my.empty",
  "upload.too_large": "my.tooLargeShort",
  "upload.wrong_type": "my.wrongType",
  "upload.quota_full": "my.quotaFull",
  "upload.busy": "messages.serverBusy",
  "upload.choose_one": "my.chooseOne",
  "upload.choose_many": "my.chooseMany",
  "upload.at_most": "my.atMost",
  "server.busy": "messages.serverBusy",
  "server.error": "errors.broken",
};

/** The catalogue key of a code a visitor or client can meet; null for anything else. */
export const codeKey = (code: unknown) => keyIn(codeKeys, code);
