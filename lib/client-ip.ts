/**
 * The visitor's address, from the portal to the API, over a channel a visitor cannot forge: a header the
 * portal signs (HMAC-SHA256 with a secret only the servers hold, time-stamped). The API believes the header
 * only when the signature is right and fresh; otherwise it uses the connection's own address. A visitor can
 * send the header, but cannot sign it, so cannot rotate addresses past the per-address limits.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const CLIENT_IP_HEADER = "x-portal-client-ip";

/** An IPv4 or IPv6 address in its usual written forms (the signature, not this, is what makes it believable). */
export function looksLikeIp(value: string): boolean {
  if (/^(\d{1,3})(\.\d{1,3}){3}$/.test(value)) return value.split(".").every((n) => Number(n) <= 255);
  return value.includes(":") && value.length <= 45 && /^[0-9a-fA-F:.]+$/.test(value);
}
const FRESH_MS = 60_000;

function mac(secret: string, ip: string, stamp: string) {
  return createHmac("sha256", secret).update(`${ip};${stamp}`).digest("base64url");
}

export function signClientIp(secret: string, ip: string, now = Date.now()): string {
  const stamp = String(now);
  return `${ip};${stamp};${mac(secret, ip, stamp)}`;
}

/** The signed address, or null when the header is missing, malformed, stale or not signed with `secret`. */
export function verifyClientIp(secret: string, header: string | undefined, now = Date.now()): string | null {
  if (!header || header.length > 200) return null;
  const [ip, stamp, sig, ...rest] = header.split(";");
  if (rest.length || !ip || !stamp || !sig || !looksLikeIp(ip) || !/^\d{1,15}$/.test(stamp)) return null;
  if (Math.abs(now - Number(stamp)) > FRESH_MS) return null;
  const want = Buffer.from(mac(secret, ip, stamp));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got) ? ip : null;
}
