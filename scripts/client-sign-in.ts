/**
 * A client signed in to their own area as by an e-mailed link, against a running portal: their access opened and a
 * sign-in link made in its database, then the link used through the API as the link's page uses it. What the browser
 * tests and the benchmark hold as the client's account (its token, its end and who the client is).
 */
import type { Kysely } from "kysely";
import { issueClientLink, openAccess } from "../backend/clients/links.js";
import type { Database } from "../backend/db/schema.js";

export async function clientSignIn(db: Kysely<Database>, base: string, clientId: number) {
  const link = await db.transaction().execute(async (trx) => {
    await openAccess(trx, clientId);
    return issueClientLink(trx, clientId, "sign_in", null, base);
  });
  const res = await fetch(`${base}/backend/my/link`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token: link.token }),
  });
  if (!res.ok) throw new Error(`the client's sign-in link: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { token: string; expires_at: string; client: unknown } };
  return { kind: "client" as const, token: data.token, expires_at: data.expires_at, person: data.client };
}
