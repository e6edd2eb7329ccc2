/** api/ContactUs: open to visitors (no token), stored, guarded by a honeypot field and a rate limit. */
import { Router } from "express";
import type { Kysely } from "kysely";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { contactBody } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";
import { handler, parse, send } from "../http.js";
import { tooMany } from "../rate-limit.js";

export function contactRoutes({ db, limiter }: { db: Kysely<Database>; limiter: RateLimiterAbstract }) {
  const router = Router();
  router.post(
    "/api/ContactUs",
    handler(async (req, res) => {
      const body = parse(contactBody, req.body);
      try {
        await limiter.consume(req.clientIp ?? "unknown");
      } catch (e) {
        if (e instanceof RateLimiterRes) throw tooMany(e, "messages");
        throw e;
      }
      // A bot filled the field people never see: answer as usual, keep nothing.
      if (body.website) {
        send(res, { received: true }, 201);
        return;
      }
      await db
        .insertInto("contact_messages")
        .values({
          name: body.name,
          email: body.email,
          phone: body.phone ?? null,
          subject: body.subject,
          message: body.message,
          created_at: new Date().toISOString(),
        })
        .execute();
      send(res, { received: true }, 201);
    }),
  );
  return router;
}
