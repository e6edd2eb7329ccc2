/**
 * A small local stand-in for the few Stripe endpoints we use (create, retrieve and expire a Checkout
 * Session; refunds; Connect transfers), reached by the real `stripe` SDK over HTTP. Tests steer it: pay a session, fail the next call.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export type StandInSession = {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid" | "no_payment_required";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  mode: string;
  line_items: Array<{ name: string; unit_amount: number; currency: string; quantity: number }>;
  payment_intent: string | null;
};

/** Stripe's form encoding (a[b][0][c]=v) back into objects. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: any = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = node[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {};
    });
  }
  return out;
}

export async function startStripeStandIn() {
  const sessions = new Map<string, StandInSession>();
  const refunds: Array<{ id: string; payment_intent: string; amount: number; idempotencyKey?: unknown }> = [];
  const byIdempotencyKey = new Map<string, string>();
  const transfers: Array<{
    id: string;
    amount: number;
    currency: string;
    destination: string;
    metadata: Record<string, string>;
    idempotencyKey?: string;
  }> = [];
  const requests: Array<{ method: string; path: string; idempotencyKey?: string; apiVersion?: string; auth?: string }> = [];
  let failNext: { status: number; type: string; message: string; times: number } | null = null;

  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0]!;
      requests.push({
        method: req.method ?? "",
        path,
        idempotencyKey: req.headers["idempotency-key"] as string | undefined,
        apiVersion: req.headers["stripe-version"] as string | undefined,
        auth: req.headers.authorization,
      });
      const reply = (status: number, payload: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${randomBytes(6).toString("hex")}` });
        res.end(JSON.stringify(payload));
      };
      if (failNext) {
        const f = failNext;
        if (--f.times <= 0) failNext = null;
        return reply(f.status, { error: { type: f.type, message: f.message } });
      }
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        const key = req.headers["idempotency-key"] as string | undefined;
        if (key && byIdempotencyKey.has(key)) return reply(200, sessions.get(byIdempotencyKey.get(key)!));
        const p = parseForm(body) as any;
        const items = (p.line_items ?? []).map((li: any) => ({
          name: li.price_data.product_data.name,
          unit_amount: Number(li.price_data.unit_amount),
          currency: li.price_data.currency,
          quantity: Number(li.quantity),
        }));
        const id = `cs_test_${randomBytes(12).toString("hex")}`;
        const session: StandInSession = {
          id,
          object: "checkout.session",
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: "open",
          payment_status: "unpaid",
          amount_total: items.reduce(
            (s: number, i: { unit_amount: number; quantity: number }) => s + i.unit_amount * i.quantity,
            0,
          ),
          currency: items[0]?.currency ?? "usd",
          client_reference_id: p.client_reference_id ?? null,
          metadata: p.metadata ?? {},
          success_url: p.success_url,
          cancel_url: p.cancel_url,
          expires_at: Number(p.expires_at),
          mode: p.mode,
          line_items: items,
          payment_intent: null,
        };
        sessions.set(id, session);
        if (key) byIdempotencyKey.set(key, id);
        return reply(200, session);
      }
      if (req.method === "POST" && path === "/v1/refunds") {
        const p = parseForm(body) as any;
        const refund = {
          id: `re_${randomBytes(8).toString("hex")}`,
          object: "refund",
          payment_intent: p.payment_intent,
          amount: Number(p.amount),
          status: "succeeded",
          idempotencyKey: req.headers["idempotency-key"],
        };
        refunds.push(refund);
        return reply(200, refund);
      }
      if (req.method === "POST" && path === "/v1/transfers") {
        // Connect transfers (issue 41): one a key, as Stripe keeps an idempotent request's first answer.
        const key = req.headers["idempotency-key"] as string | undefined;
        const again = key ? transfers.find((t) => t.idempotencyKey === key) : undefined;
        if (again) return reply(200, again);
        const p = parseForm(body) as any;
        if (!/^acct_/.test(p.destination ?? "")) {
          return reply(400, { error: { type: "invalid_request_error", message: `No such destination: '${p.destination}'` } });
        }
        const transfer = {
          id: `tr_${randomBytes(8).toString("hex")}`,
          object: "transfer",
          amount: Number(p.amount),
          currency: p.currency,
          destination: p.destination,
          metadata: p.metadata ?? {},
          idempotencyKey: key,
        };
        transfers.push(transfer);
        return reply(200, transfer);
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
      const session = match ? sessions.get(match[1]!) : undefined;
      if (match && !session) {
        return reply(404, { error: { type: "invalid_request_error", message: `No such checkout.session: '${match[1]}'` } });
      }
      if (req.method === "GET" && match && !match[2]) return reply(200, session);
      if (req.method === "POST" && match && match[2]) {
        if (session!.status !== "open") {
          return reply(400, { error: { type: "invalid_request_error", message: "Only open sessions can be expired." } });
        }
        session!.status = "expired";
        return reply(200, session);
      }
      reply(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path})` } });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;

  const secretKey = "sk_test_standin000000000000000000";
  const webhookSecret = "whsec_standin000000000000000000";
  const sdk = new Stripe(secretKey);

  return {
    port,
    sessions,
    refunds,
    transfers,
    requests,
    settings: {
      mode: "stripe" as const,
      secretKey,
      webhookSecret,
      api: { host: "127.0.0.1", port, protocol: "http" as const },
      checkoutExpiryMinutes: 30,
    },
    /** The customer pays: the session completes, paid. */
    pay(id: string, paymentStatus: "paid" | "unpaid" = "paid") {
      const s = sessions.get(id)!;
      s.status = "complete";
      s.payment_status = paymentStatus;
      s.payment_intent ??= `pi_${randomBytes(8).toString("hex")}`;
      return s;
    },
    /** The next call (or `times` calls: the SDK retries 429 and 5xx twice) fails like this. */
    failNext(status: number, type: string, message = "stand-in failure", times = 1) {
      failNext = { status, type, message, times };
    },
    /** A signed webhook delivery for this session, as Stripe would send it. */
    event(type: string, session: StandInSession, opts: { id?: string; secret?: string } = {}) {
      const payload = JSON.stringify({
        id: opts.id ?? `evt_${randomBytes(12).toString("hex")}`,
        object: "event",
        api_version: "2025-01-27.acacia",
        created: Math.floor(Date.now() / 1000),
        type,
        data: { object: session },
      });
      const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? webhookSecret });
      return { payload, signature };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
