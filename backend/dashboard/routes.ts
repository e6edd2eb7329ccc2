/** The agent's dashboard, and the public contact form (lib/contract/dashboard.ts). */
import type { Kysely } from "kysely";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { endpoints } from "../../lib/contract.js";
import { personForToken } from "../accounts/tokens.js";
import { attentionList } from "../clients/attention.js";
import type { Database } from "../db/schema.js";
import { saveContactMessage } from "../office/contact.js";
import { tooMany } from "../rate-limit.js";
import type { Server } from "../serve.js";
import { dashboardCounts } from "./counts.js";

export function dashboardRoutes(
  serve: Server,
  { db, contactLimiter }: { db: Kysely<Database>; contactLimiter: RateLimiterAbstract },
) {
  serve(endpoints.dashboardCounts, async ({ caller }) => dashboardCounts(db, caller.id));
  // What needs the agent, most urgent first, for all its clients.
  serve(endpoints.attention, async ({ caller }) => attentionList(db, caller.id, null, caller.person.time_zone));

  // Open to visitors (no token), stored, guarded by a honeypot field and a rate limit.
  serve(endpoints.contact, async ({ body, call }) => {
    try {
      await contactLimiter.consume(call.clientIp);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw tooMany(e, "messages");
      throw e;
    }
    // A bot filled the field people never see: answer as usual, keep nothing. An agent writing from their
    // workspace comes with their token: the office sees whose message it is.
    const token = call.token;
    const agent = token ? await personForToken(db, "agent", token) : null;
    if (!body.website) await saveContactMessage(db, body, agent?.person.id ?? null);
    return { received: true as const };
  });
}
