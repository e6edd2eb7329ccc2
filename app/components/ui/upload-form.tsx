import { useLocation, useNavigate, useRevalidator } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { documentTypes, MAX_DOCUMENT_BYTES } from "../../../lib/documents";
import type { FormFailure } from "../../lib/forms.server";
import { useTranslation } from "../../lib/page-words";
import { Field, FormError } from "./fields";
import { readRefusal, refusalHere } from "./form";

/**
 * The upload form: a plain multipart post without JavaScript (the page's action answers); with it, the same form
 * sent by XMLHttpRequest to the upload route, so the sender sees how far the files have gone, and a file over 10 MB
 * (or too many files) is refused before a byte is sent. The agent's form has the expiry date; the client's takes
 * several files at once (`multiple`), and names its document in `hidden` for the page's own action.
 */
export function UploadForm({
  action,
  uploadUrl,
  failure,
  expiresOn,
  title,
  multiple,
  idPrefix = "",
  hidden = {},
  label,
}: {
  action: string;
  uploadUrl: string;
  failure?: FormFailure;
  /** The expiry field's value; undefined: no expiry field */
  expiresOn?: string | null;
  title: string;
  /** At most this many files at once */
  multiple?: number;
  /** Field ids' prefix, for a page with several upload forms */
  idPrefix?: string;
  hidden?: Record<string, string>;
  label?: string;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  // Words in the page's language (a client's page is in the client's; the workspace's in English).
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [local, setLocal] = useState<FormFailure | null>(null);
  const shown = readRefusal(local ?? failure);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const data = new FormData(form);
    const chosen = data.getAll("file").filter((f): f is File => f instanceof File && Boolean(f.name || f.size));
    event.preventDefault();
    // Said before a byte is sent, as the server would say it.
    const large = chosen.find((f) => f.size > MAX_DOCUMENT_BYTES);
    const problem = !chosen.length
      ? multiple
        ? t("my.chooseMany")
        : t("my.chooseOne")
      : multiple && chosen.length > multiple
        ? t("my.atMost", { count: multiple })
        : large
          ? multiple
            ? t("my.fileProblem", { name: large.name, problem: t("my.tooLarge") })
            : t("my.tooLarge")
          : null;
    if (problem) {
      setLocal(
        refusalHere(
          t("messages.fixFields"),
          { file: [problem] },
          { expires_on: String(data.get("expires_on") ?? ""), ...hidden },
        ),
      );
      return;
    }
    setLocal(null);
    setProgress(0);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", uploadUrl);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => {
      setProgress(null);
      setLocal(refusalHere(t("my.unreachable")));
    };
    xhr.onload = () => {
      setProgress(null);
      let answer: (FormFailure & { redirectTo?: string }) | null = null;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        answer = null;
      }
      if (answer?.redirectTo) {
        const to = new URL(answer.redirectTo, window.location.href);
        navigate(answer.redirectTo);
        // Back to this very page (another anchor of it): a hash change loads nothing, so the page is read again
        // for the new state and the toast.
        if (to.pathname === location.pathname && to.search === location.search) revalidator.revalidate();
        return;
      }
      setLocal(answer ?? refusalHere(t("my.busy")));
    };
    xhr.send(data);
  }

  const busy = progress !== null;
  return (
    <form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="form upload-form"
      noValidate
      onSubmit={onSubmit}
      aria-label={t("my.uploadLabel", { title })}
    >
      <AuthenticityTokenInput />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormError message={shown.formError} />
      <Field
        label={label ?? t("work.checklist.file")}
        name="file"
        {...(idPrefix ? { id: `${idPrefix}file` } : {})}
        type="file"
        multiple={Boolean(multiple)}
        accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
        hint={
          multiple
            ? t("my.hintMany", { count: multiple })
            : t("work.document.fileHint", { types: Object.values(documentTypes).join(", ") })
        }
        errors={shown.errors("file")}
        autoFocusOnError
        disabled={busy}
      />
      {expiresOn !== undefined ? (
        <Field
          label={t("work.document.expiresOptional")}
          name="expires_on"
          {...(idPrefix ? { id: `${idPrefix}expires_on` } : {})}
          type="date"
          defaultValue={shown.typed("expires_on") ?? expiresOn ?? ""}
          errors={shown.errors("expires_on")}
          hint={t("work.document.expiresHint")}
          disabled={busy}
        />
      ) : null}
      {busy ? (
        <p className="upload-progress" role="status">
          <progress max={100} value={progress}>
            {progress}%
          </progress>{" "}
          {t("my.uploading")} {progress}%
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t("my.uploading") : t("my.upload")}
      </button>
    </form>
  );
}
