/**
 * A form checked in the browser (app/components/ui/form-check.ts, decision 017) says what its action would: for the
 * same schema and the same fields, in every language, the same words beside the same fields and above the form as
 * `validateForm` answers on the server, and lets through what the server takes. Where the browser cannot say an
 * issue in the page's language it says nothing and leaves the post to the server (null), never English on a French
 * page; the public forms never need that.
 */
import { describe, expect, it } from "vitest";
import type { ZodTypeAny } from "zod";
import { formCheck } from "../../app/components/ui/form-check.js";
import { fieldWords } from "../../app/lib/field-words.js";
import { validateForm } from "../../app/lib/forms.server.js";
import { serverWords } from "../../app/lib/server-words.server.js";
import { clientFieldNames } from "../../lib/client-fields.js";
import {
  accountBody,
  agentSettingsBody,
  forgotPasswordBody,
  passwordChangeBody,
  passwordLoginBody,
} from "../../lib/contract/account.js";
import { agreementBody, signBody } from "../../lib/contract/agreements.js";
import { clientMoveBody, clientSignInBody } from "../../lib/contract/client-area.js";
import { clientInput, noteBody } from "../../lib/contract/clients.js";
import { caseMessageBody } from "../../lib/contract/conversation.js";
import { contactBody } from "../../lib/contract/dashboard.js";
import { documentAddBody, documentExpiryBody, documentRejectBody } from "../../lib/contract/documents.js";
import { moveRequestBody, outcomeBody } from "../../lib/contract/mentoring.js";
import { templateBody } from "../../lib/contract/messaging.js";
import { newStaffBody, emailChangeBody } from "../../lib/contract/office-accounts.js";
import { newAgentBody } from "../../lib/contract/office.js";
import { totpConfirmBody, totpStartBody } from "../../lib/contract/security.js";
import { caseMoveBody, stageBody, stageEditBody } from "../../lib/contract/stages.js";
import { languages } from "../../lib/i18n/languages.js";
import { newAgentFields } from "../../lib/office-fields.js";

const names = ["name", "name_ar", "name_es", "name_fr"];
/** Each form the pages check in the browser: its action's schema and the fields the action reads. */
const forms: Record<string, { schema: ZodTypeAny; fields: readonly string[]; everyone?: true }> = {
  contact: { schema: contactBody, fields: ["name", "email", "phone", "subject", "message"], everyone: true },
  signIn: { schema: passwordLoginBody, fields: ["email", "password"], everyone: true },
  forgotPassword: { schema: forgotPasswordBody, fields: ["email"], everyone: true },
  clientSignIn: { schema: clientSignInBody, fields: ["email"], everyone: true },
  sign: { schema: signBody, fields: ["full_name", "consent", "text_sha256"], everyone: true },
  profile: { schema: accountBody, fields: ["name", "phone", "time_zone"] },
  password: { schema: passwordChangeBody, fields: ["current_password", "new_password"] },
  client: { schema: clientInput, fields: clientFieldNames },
  note: { schema: noteBody, fields: ["body"] },
  document: { schema: documentAddBody, fields: ["title"] },
  staff: { schema: newStaffBody, fields: ["name", "email", "role", "time_zone"] },
  agent: { schema: newAgentBody, fields: newAgentFields },
  email: { schema: emailChangeBody, fields: ["email"] },
  totpStart: { schema: totpStartBody, fields: ["name"] },
  totpConfirm: { schema: totpConfirmBody, fields: ["id", "code"] },
  stage: { schema: stageBody, fields: ["service_id", ...names] },
  stageEdit: { schema: stageEditBody, fields: names },
  message: { schema: caseMessageBody, fields: ["body"], everyone: true },
  clientMove: { schema: clientMoveBody, fields: ["reason"], everyone: true },
  mentorMove: { schema: moveRequestBody, fields: ["reason"] },
  outcome: { schema: outcomeBody, fields: ["outcome", "summary"] },
  template: { schema: templateBody, fields: ["purpose", "lang", "name", "content_sid"] },
  reject: { schema: documentRejectBody, fields: ["intent", "file_id", "reason"] },
  expiry: { schema: documentExpiryBody, fields: ["intent", "expires_on"] },
  caseMove: { schema: caseMoveBody, fields: ["service_id", "stage_id", "note"] },
  agreement: { schema: agreementBody, fields: ["text", "text_ar", "text_es", "text_fr"] },
  zone: { schema: agentSettingsBody, fields: ["time_zone"] },
};

/** What a person could type: nothing, far too much, an address that is none, and what the form would take. */
function inputs(fields: readonly string[]): Record<string, string>[] {
  const each = (value: (name: string) => string) => Object.fromEntries(fields.map((name) => [name, value(name)]));
  return [
    each(() => ""),
    each(() => "x".repeat(5000)),
    each((name) => (name.includes("email") ? "not-an-address" : "  Ana  ")),
    each((name) => (name.includes("email") ? "ana@example.com" : name === "phone" ? "+34 600 123 456" : "Ana Lima 1")),
  ];
}

const asFormData = (values: Record<string, string>) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(values)) formData.set(name, value);
  // What the page's form sends besides: its token, a button's intent; the check reads only the action's fields.
  formData.set("csrf", "token");
  formData.set("intent", "save");
  return formData;
};

const contact = contactBody;
const pageWords = (lang: string) => () => ({ lang, t: serverWords(lang).t, has: serverWords(lang).exists });

describe("a form checked in the browser says what its action would", () => {
  for (const lang of languages) {
    it(`${lang}: the same words, beside the same fields, for every form checked in the browser`, () => {
      const words = serverWords(lang);
      let compared = 0;
      let refused = 0;
      for (const [form, { schema, fields, everyone }] of Object.entries(forms)) {
        const check = formCheck(schema, fields, () => ({ lang, t: words.t, has: words.exists }), fieldWords);
        for (const values of inputs(fields)) {
          const server = validateForm(schema, values, lang);
          const browser = check(asFormData(values));
          if (browser === null) {
            // Only words the browser cannot say in this language, and never on a public form.
            expect(lang, form).not.toBe("en");
            expect(everyone, form).toBeUndefined();
            expect(server.failure, form).toBeDefined();
            continue;
          }
          compared++;
          const reply = browser.reply();
          if (server.failure) {
            refused++;
            expect(reply.status, `${form} ${JSON.stringify(values).slice(0, 80)}`).toBe("error");
            expect(reply.error, form).toEqual(server.failure.data.error);
          } else {
            expect(reply.status, `${form}: ${JSON.stringify(server.data)}`).toBe("success");
          }
        }
      }
      // Every pair in English, every form a visitor or client fills in in each language (four inputs a form); most
      // of those refused (three of the inputs are bad).
      const counted = Object.values(forms).filter((f) => lang === "en" || f.everyone).length;
      expect(compared).toBeGreaterThanOrEqual(counted * 4);
      expect(refused).toBeGreaterThanOrEqual(counted * 2);
    });
  }

  it("asks nothing of a field the action does not read, and reads a missing field as empty, as the action does", () => {
    const check = formCheck(contact, ["name", "email", "phone", "subject", "message"], pageWords("en"), fieldWords);
    const formData = asFormData({ name: "Ana", email: "ana@example.com", subject: "Hello", message: "A message long enough" });
    formData.set("unknown", "x".repeat(10_000));
    expect(check(formData)?.status).toBe("success");
    formData.delete("name");
    expect(check(formData)?.reply().error?.name).toEqual(["Name is required"]);
  });

  it("says a field's words in the page's language: French on a French page", () => {
    const check = formCheck(contact, ["name", "email", "phone", "subject", "message"], pageWords("fr"), fieldWords);
    const reply = check(
      asFormData({ name: "Ana", email: "pas-une-adresse", subject: "Bonjour", message: "Un message assez long" }),
    )!.reply();
    expect(reply.error?.email?.[0]).toBe(serverWords("fr").t("messages.emailInvalid"));
    expect(reply.error?.[""]?.[0]).toBe(serverWords("fr").t("messages.fixFields"));
    expect(reply.error?.email?.[0]).not.toMatch(/email/i);
  });

  it("leaves the post to the server where the page's words lack a key: never English words on a French page", () => {
    const lacking = () => ({ lang: "fr", t: serverWords("fr").t, has: (key: string) => key !== "messages.emailInvalid" });
    const check = formCheck(contact, ["name", "email", "phone", "subject", "message"], lacking, fieldWords);
    const values = { name: "Ana", email: "pas-une-adresse", subject: "Bonjour", message: "Un message assez long" };
    expect(check(asFormData(values))).toBeNull();
    expect(check(asFormData({ ...values, email: "ana@example.com" }))?.status).toBe("success");
  });
});
