/** What an authenticator app shows for a key (issue 67): the six digits `steps` periods of 30 s from now. */
import { Secret, TOTP } from "otpauth";

export const codeFor = (key: string, steps = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(key.replace(/\s/g, "")),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    timestamp: Date.now() + steps * 30_000,
  });
