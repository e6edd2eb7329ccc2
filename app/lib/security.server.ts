/** CSRF tokens (double-submit, signed cookie) and the honeypot for public forms (remix-utils). */
import { createCookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import type { RefusalCode } from "../../lib/contract/codes.js";
import { getSettings } from "../../lib/env.server.js";

const settings = getSettings();

export const csrf = new CSRF({
  cookie: createCookie("csrf", {
    path: "/",
    httpOnly: true,
    secure: settings.isProduction,
    sameSite: "lax",
    secrets: [settings.sessionSecret],
  }),
  secret: settings.sessionSecret,
});

export const honeypot = new Honeypot({ encryptionSeed: settings.sessionSecret });

/** The posted form; a body that is not a form (none at all, JSON, a broken multipart) is a 400, not a 500. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("form.unreadable" satisfies RefusalCode, { status: 400 });
  }
}

/** Throws 403 for a post without a valid CSRF token, and 400 for a bot caught by the honeypot. */
export async function checkForm(formData: FormData, request: Request, options: { honeypot?: boolean } = {}) {
  try {
    await csrf.validate(formData, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) {
      throw new Response("form.expired" satisfies RefusalCode, { status: 403 });
    }
    throw error;
  }
  if (options.honeypot) {
    try {
      honeypot.check(formData);
    } catch (error) {
      if (error instanceof SpamError) throw new Response("form.not_sent" satisfies RefusalCode, { status: 400 });
      throw error;
    }
  }
}
