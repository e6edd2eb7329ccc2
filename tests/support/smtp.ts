/**
 * A real SMTP server for the tests (the `smtp-server` package), each message parsed with `mailparser`, and a
 * switch that makes it refuse every message (a failing mail provider).
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type Received = { to: string[]; from: string; parsed: ParsedMail; raw: string };

export async function startSmtp() {
  const received: Received[] = [];
  /** `failing`: refuse every message; `delayMs`: take that long to accept each one (a slow relay) */
  const state = { failing: false, attempts: 0, delayMs: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      state.attempts++;
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
        if (state.failing) {
          const err = Object.assign(new Error("Mailbox unavailable, try later"), { responseCode: 451 });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw)
          .then((parsed) => {
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              parsed,
              raw,
            });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    /** The messages sent to `address` */
    to: (address: string) => received.filter((m) => m.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Smtp = Awaited<ReturnType<typeof startSmtp>>;

/** The calendar part of a message (the invite), as text. */
export function calendarOf(m: Pick<Received, "parsed">): string | null {
  const part = m.parsed.attachments.find((a) => a.contentType.startsWith("text/calendar") || a.filename?.endsWith(".ics"));
  return part ? part.content.toString("utf8") : null;
}
