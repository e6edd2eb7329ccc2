/**
 * A client's request to move one of their sessions (issue 39, point 4), on their page in their language: what they
 * asked and the agent's answer, or the form to ask (a reason), posted to /my?session= with or without JavaScript.
 */
import { Form, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { MySession } from "../../../lib/contract";
import type { FormFailure } from "../../lib/forms.server";
import { useTranslation } from "../../lib/page-words";
import { FormError, TextAreaField } from "../ui/fields";
import { useSchemaForm } from "../ui/form";

/** The action's schema, checked in the browser too (fetched on the form's first focus). */
const moveCheck = { schema: () => import("../../../lib/contract/client-area").then((m) => m.clientMoveBody), fields: ["reason"] };

export function SessionMoveRequest({
  session,
  failure,
  at,
}: {
  session: MySession;
  failure: FormFailure | undefined;
  at: (iso: string) => string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const form = useSchemaForm(failure, { form: `move-${session.id}`, id: `move-${session.id}`, check: moveCheck });
  // Open once refused, and kept open as the reason is corrected (its words go as it is typed, with scripts on).
  const refusedOnce = useRef(false);
  if (form.formError) refusedOnce.current = true;
  const r = session.move_request;
  if (r?.state === "waiting")
    return <p className="notice">{t("my.moveWaiting", { when: at(r.requested_at), reason: r.reason })}</p>;
  const refused = refusedOnce.current;
  return (
    <>
      {r?.state === "moved" ? <p className="notice">{t("my.moveMoved")}</p> : null}
      {r?.state === "kept" ? <p className="notice">{t("my.moveKeptWord", { answer: r.answer ?? "" })}</p> : null}
      <details open={refused || undefined}>
        <summary>{t("my.askMove")}</summary>
        <Form method="post" action={`/my?session=${session.id}`} className="form" {...form.props} key={form.key}>
          <AuthenticityTokenInput />
          <FormError message={form.formError} />
          <TextAreaField
            id={`move-${session.id}-reason`}
            label={t("my.moveReason")}
            rows={3}
            maxLength={500}
            dir="auto"
            {...form.field("reason")}
          />
          <button type="submit" className="button button--small button--primary" disabled={busy}>
            {t("my.sendMoveRequest")}
          </button>
        </Form>
      </details>
    </>
  );
}
