/** CSRF tokens (double-submit, signed cookie) and the honeypot for public forms (remix-utils). */
import { createCookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { getSettings } from "../../lib/env.server.js";
import { thrownRefusal } from "./thrown-refusals.js";

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
    throw thrownRefusal("form.unreadable", 400);
  }
}

/** Throws 403 for a post without a valid CSRF token, and 400 for a bot caught by the honeypot. */
export async function checkForm(formData: FormData, request: Request, options: { honeypot?: boolean } = {}) {
  try {
    await csrf.validate(formData, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) {
      throw thrownRefusal("form.expired", 403);
    }
    throw error;
  }
  if (options.honeypot) {
    try {
      honeypot.check(formData);
    } catch (error) {
      if (error instanceof SpamError) throw thrownRefusal("form.not_sent", 400);
      throw error;
    }
  }
}
