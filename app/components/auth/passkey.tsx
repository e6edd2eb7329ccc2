/**
 * A passkey's button (issue 67): shown once the page's script runs in a browser that has WebAuthn. A press asks the
 * portal for the API's options (/passkey-options), opens the browser's own dialog (@simplewebauthn/browser, 3 kB
 * compressed, in the three pages that have the button: a dynamic import split esbuild's framework chunk), and posts what the passkey signed to the page's own action as `passkey`, with `intent=passkey` and
 * whatever `fields` adds. A dialog dismissed, or a refusal of the options, is said under the button.
 */
import { useSubmit } from "@remix-run/react";
import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { useEffect, useState } from "react";
import { useAuthenticityToken } from "remix-utils/csrf/react";
import { useTranslation } from "../../lib/every-page";

type Purpose = "register" | "sign_in" | "second_step";

/** Whether this browser can use a passkey: false on the server, and until the page's script has run. */
export function usePasskeys(): boolean {
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(typeof window.PublicKeyCredential === "function"), []);
  return supported;
}

export function PasskeyButton({
  purpose,
  label,
  fields,
  className = "button button--block",
  testId,
}: {
  purpose: Purpose;
  label: string;
  /** More fields posted with the passkey (the name a new one is given, where the sign-in was going) */
  fields?: () => Record<string, string>;
  className?: string;
  testId?: string;
}) {
  const supported = usePasskeys();
  const csrf = useAuthenticityToken();
  const submit = useSubmit();
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!supported) return null;

  async function ceremony() {
    setError(null);
    setBusy(true);
    try {
      const asked = new FormData();
      asked.set("purpose", purpose);
      asked.set("csrf", csrf);
      const res = await fetch("/passkey-options", { method: "POST", body: asked, headers: { Accept: "application/json" } });
      const options = (await res.json().catch(() => ({}))) as { message?: string };
      if (!res.ok) {
        setError(options.message ?? t("passkey.failed"));
        return;
      }
      const signed =
        purpose === "register"
          ? await startRegistration({ optionsJSON: options as Parameters<typeof startRegistration>[0]["optionsJSON"] })
          : await startAuthentication({ optionsJSON: options as Parameters<typeof startAuthentication>[0]["optionsJSON"] });
      submit({ ...fields?.(), intent: "passkey", passkey: JSON.stringify(signed), csrf }, { method: "post" });
    } catch (e) {
      // Dismissed, timed out, or no passkey of ours on this device: the browser says NotAllowedError for each.
      setError(e instanceof Error && e.name === "NotAllowedError" ? t("passkey.cancelled") : t("passkey.failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="passkey">
      <button type="button" className={className} onClick={() => void ceremony()} disabled={busy} data-testid={testId}>
        {busy ? t("passkey.busy") : label}
      </button>
      {error ? (
        <p className="field__error" role="alert" data-testid="passkey-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
