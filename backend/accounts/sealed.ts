/**
 * What the portal keeps that it must read back (an authenticator's key), sealed with AES-256-GCM under the portal's
 * own key: a copy of the database alone does not give it away. The key is `FACTOR_KEY` (64 hex digits) or, without
 * it, derived from `SESSION_SECRET` (HKDF-SHA-256): changing either makes the sealed keys unreadable, and the people
 * who set an authenticator up set it up again (their recovery codes still sign them in).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

export function sealingKey(secret: string): Buffer {
  if (/^[0-9a-f]{64}$/i.test(secret)) return Buffer.from(secret, "hex");
  return Buffer.from(hkdfSync("sha256", secret, "", "waypoint second factor", 32));
}

/** The text sealed: `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function seal(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), data].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

/** The text unsealed, or null when it was sealed under another key (or tampered with). */
export function unseal(key: Buffer, sealed: string): string | null {
  const [v, iv, tag, data] = sealed.split(".");
  if (v !== "v1" || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
