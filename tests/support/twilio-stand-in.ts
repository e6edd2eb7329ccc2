/**
 * A local stand-in for Twilio's Messaging API (issue 42), speaking its REST shapes: `POST
 * /2010-04-01/Accounts/{sid}/Messages.json` with Basic auth and a form body, answered 201 with the message (its
 * `SM…` sid, `queued`) or, when told, refused as Twilio refuses (a JSON error with its code). It signs what it sends
 * back as Twilio does (X-Twilio-Signature over the callback's URL and parameters, with the account's token): a
 * message's status callbacks, and a message a person sends to the firm's number (STOP).
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import twilio from "twilio";

export type StandInMessage = {
  sid: string;
  to: string;
  from: string;
  body: string | null;
  contentSid: string | null;
  contentVariables: Record<string, string> | null;
  statusCallback: string | null;
};

export const TEST_TWILIO = {
  accountSid: `AC${"0123456789abcdef".repeat(2)}`,
  authToken: "test-twilio-auth-token-0123456789",
};

export async function startTwilioStandIn(account = TEST_TWILIO) {
  const messages: StandInMessage[] = [];
  const refusals: Array<{ status: number; code: number; message: string }> = [];
  let calls = 0;
  /** Slow: each message is taken and its "sent" callback posted at once, but the answer comes only after `ms`. */
  let slow: { ms: number; reach: (url: string) => string } | null = null;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      calls += 1;
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
      };
      const path = `/2010-04-01/Accounts/${account.accountSid}/Messages.json`;
      if (req.method !== "POST" || req.url !== path) return reply(404, { code: 20404, message: "Not found", status: 404 });
      const auth = Buffer.from(`${account.accountSid}:${account.authToken}`).toString("base64");
      if (req.headers.authorization !== `Basic ${auth}`) {
        return reply(401, { code: 20003, message: "Authenticate", status: 401 });
      }
      const refused = refusals.shift();
      if (refused) return reply(refused.status, { ...refused, more_info: `https://www.twilio.com/docs/errors/${refused.code}` });
      const p = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      if (!p.To || !p.From || (!p.Body && !p.ContentSid)) {
        return reply(400, { code: 21602, message: "Message body is required.", status: 400 });
      }
      const message: StandInMessage = {
        sid: `SM${randomBytes(16).toString("hex")}`,
        to: p.To,
        from: p.From,
        body: p.Body ?? null,
        contentSid: p.ContentSid ?? null,
        contentVariables: p.ContentVariables ? (JSON.parse(p.ContentVariables) as Record<string, string>) : null,
        statusCallback: p.StatusCallback ?? null,
      };
      messages.push(message);
      const answer = () =>
        reply(201, {
          sid: message.sid,
          account_sid: account.accountSid,
          to: message.to,
          from: message.from,
          body: message.body,
          status: "queued",
          date_created: new Date().toUTCString(),
          uri: `${path.replace(".json", "")}/${message.sid}.json`,
        });
      if (!slow || !message.statusCallback) return answer();
      const { ms, reach } = slow;
      void sendStatus(message, "sent", reach).catch(() => undefined);
      setTimeout(() => (res.destroyed ? undefined : answer()), ms);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** Posts `params` to `target`, signed for `signedUrl` (the URL Twilio was given) with the account's token. */
  async function post(target: string, signedUrl: string, params: Record<string, string>, token = account.authToken) {
    const signature = twilio.getExpectedTwilioSignature(token, signedUrl, params);
    const res = await fetch(target, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
      body: new URLSearchParams(params).toString(),
    });
    return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
  }

  function sendStatus(
    message: StandInMessage,
    status: string,
    reach: (url: string) => string,
    o: { errorCode?: string; token?: string } = {},
  ) {
    const params: Record<string, string> = {
      AccountSid: account.accountSid,
      MessageSid: message.sid,
      SmsSid: message.sid,
      MessageStatus: status,
      SmsStatus: status,
      To: message.to,
      From: message.from,
      ApiVersion: "2010-04-01",
      ...(o.errorCode ? { ErrorCode: o.errorCode } : {}),
    };
    return post(reach(message.statusCallback!), message.statusCallback!, params, o.token);
  }

  return {
    baseUrl,
    /**
     * From now on (null: no more), every message is taken and its "sent" callback posted at once, but the answer to
     * the send comes `ms` later: past the caller's deadline, as a slow Twilio's does.
     */
    answerLate(ms: number | null, reach?: (url: string) => string) {
      slow = ms === null ? null : { ms, reach: reach! };
    },
    account,
    messages,
    /** How many requests reached it */
    calls: () => calls,
    /** The next sends are refused, each as given (a 500, or Twilio's 400 with its code) */
    refuseNext(...answers: Array<{ status: number; code: number; message: string }>) {
      refusals.push(...answers);
    },
    /**
     * A message's status callback, as Twilio sends it to the URL it was given (`reach` maps that URL to where the
     * test's API listens); `token` signs with another token (a forgery).
     */
    status: sendStatus,
    /** A message a person sends to the firm's number (`from` as Twilio writes it: +44…, or whatsapp:+44…). */
    inbound(from: string, to: string, body: string, target: string, signedUrl: string) {
      const params = {
        AccountSid: account.accountSid,
        MessageSid: `SM${randomBytes(16).toString("hex")}`,
        From: from,
        To: to,
        Body: body,
        NumMedia: "0",
        ...(body.trim().toUpperCase() === "STOP" && !from.startsWith("whatsapp:") ? { OptOutType: "STOP" } : {}),
      };
      return post(target, signedUrl, params);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
