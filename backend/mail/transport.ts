/**
 * Sending one message: nodemailer over SMTP (`SMTP_URL`), or, without it (`MAIL_MODE=log`, the quick start), the
 * same message written as an .eml file under `DATA_DIR/outbox/` and named in the log, so a developer can open it.
 */
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export type OutgoingMail = {
  from: string | { name: string; address: string };
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  /** Stable per outbox row: a message sent twice (a worker died after sending) is recognisably the same one */
  messageId: string;
  ics?: { method: "REQUEST" | "CANCEL"; content: string };
};

export type Mailer = {
  send(mail: OutgoingMail): Promise<{ file?: string }>;
  close(): void;
};

function toNodemailer(mail: OutgoingMail): nodemailer.SendMailOptions {
  return {
    from: mail.from,
    to: mail.to,
    replyTo: mail.replyTo ?? undefined,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    ...(mail.ics
      ? {
          // The invite as the calendar part of the message (calendar programs offer to add it) and as a file.
          icalEvent: { method: mail.ics.method, content: mail.ics.content, filename: "invite.ics" },
        }
      : {}),
  };
}

export function smtpMailer(url: string, options: { timeoutMs?: number } = {}): Mailer {
  const timeout = options.timeoutMs ?? 20_000;
  // The time-outs go in the URL's query, which nodemailer reads as transport options: a second argument is only
  // the messages' defaults, and options beside a `url` are dropped, so until now a silent server was waited for as
  // long as nodemailer's own defaults (up to 10 minutes on a socket). A time-out the URL sets itself is kept.
  const withTimeouts = new URL(url);
  for (const key of ["connectionTimeout", "greetingTimeout", "socketTimeout"]) {
    if (!withTimeouts.searchParams.has(key)) withTimeouts.searchParams.set(key, String(timeout));
  }
  const transport = nodemailer.createTransport(withTimeouts.toString());
  return {
    async send(mail) {
      await transport.sendMail(toNodemailer(mail));
      return {};
    },
    close: () => transport.close(),
  };
}

export function fileMailer(dir: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await transport.sendMail(toNodemailer(mail));
      await fs.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.messageId.replace(/[^\w.-]+/g, "")}.eml`;
      const file = path.join(dir, name);
      await fs.writeFile(file, info.message as Buffer);
      return { file };
    },
    close: () => transport.close(),
  };
}
