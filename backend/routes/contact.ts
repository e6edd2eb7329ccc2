/** api/ContactUs: open to visitors (no token), stored, guarded by a honeypot field and a rate limit. */
import { Router } from "express";
import type { Kysely } from "kysely";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { contactBody } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";
import { handler, parse, send } from "../http.js";
import { tooMany } from "../rate-limit.js";
import { saveContactMessage } from "../services/contact.js";

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
      await saveContactMessage(db, body);
      send(res, { received: true }, 201);
    }),
  );
  return router;
}
