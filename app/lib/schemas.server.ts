/**
 * The zod schemas route actions check forms with. Imported from this `.server` module, they stay out of the
 * browser build (a schema built at a module's top level would otherwise bring zod into the page's JavaScript).
 */
import { z } from "zod";

export {
  caldavConnectBody,
  calendarPasswordBody,
  consentBody,
  consentCodeBody,
  templateBody,
  templateRemoveBody,
  clientMoveBody,
  clientMoveAnswerBody,
  stageBody,
  stageEditBody,
  stageMoveBody,
  caseMoveBody,
  questionnaireSendBody,
  signBody,
  agreementBody,
  agreementSendBody,
  questionnaireBody,
  sectionBody,
  questionBody,
  caseMessageBody,
  agentSettingsBody,
  bookBody,
  contactBody,
  jobInput,
  mentorInput,
  mentorHoursBody,
  mentorProfileBody,
  mentorAbsentBody,
  outcomeBody,
  moveRequestBody,
  planInput,
  relocationInput,
  loginBody,
  passkeyAddBody,
  passkeyLoginBody,
  passkeyStepBody,
  passwordLoginBody,
  secondStepBody,
  totpConfirmBody,
  totpStartBody,
  newAgentBody,
  setPasswordBody,
  accountBody,
  passwordChangeBody,
  forgotPasswordBody,
  noteBody,
  documentAddBody,
  documentExpiryBody,
  documentRejectBody,
  documentRequestBody,
  clientSignInBody,
  clientLinkBody,
  emailChangeBody,
  emailChangeToken,
  newStaffBody,
  handOverBody,
  businessBody,
  serviceTextsBody,
  contactReplyBody,
} from "../../lib/contract.js";

/** A button that acts on one row: `intent` names the act, `id` the row. */
export function rowIntent<I extends string>(intent: I) {
  return z.object({ intent: z.literal(intent), id: z.coerce.number().int().positive() });
}

export const planChoice = z.object({ plan_id: z.coerce.number().int().positive() });
