/**
 * The quick start's messages by phone (no Twilio account): written as files beside the e-mails. A WhatsApp number's
 * code goes there as its text, with no template set (only Twilio needs one), so a person trying the demo confirms
 * their number with the code in the file (issue 66).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientToken } from "../support/client-area.js";
import { testDatabases, useSeededApi } from "../support/databases.js";

describe.each(testDatabases)("messages by phone as files on $name", (target) => {
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "phone-files-"));
  const ctx = useSeededApi(target, { phone: { mode: "log", outboxDir } });

  it("writes a WhatsApp number's code to a file, and the code typed back confirms the number", async () => {
    const agent = await ctx.api.newAgent(`phone-files-${target.name}@example.com`);
    const made = await ctx.api.call("POST", "agent/addclient", {
      token: agent.token,
      body: { first_name: "Rana", last_name: "Files", email: `rana-${target.name}@example.com` },
    });
    const token = await clientToken(ctx, made.json.data.id);
    const given = await ctx.api.call("POST", "messaging", {
      token,
      body: { channel: "whatsapp", phone: "+34 612 345 678", agree: true, lang: "en" },
    });
    expect(given.status, JSON.stringify(given.json)).toBe(201);
    const id = given.json.data.consents[0].id as number;
    await ctx.api.mailTick();
    const row = await ctx.database.db
      .selectFrom("outbox")
      .select(["id", "status", "last_error"])
      .where("kind", "=", "phone.code")
      .where("to_address", "=", "+34612345678")
      .executeTakeFirstOrThrow();
    expect(row, JSON.stringify(row)).toMatchObject({ status: "sent" });
    const file = fs.readFileSync(path.join(outboxDir, `${row.id}.whatsapp.txt`), "utf8");
    const code = /(\d{6}) is your code/.exec(file)![1]!;
    const confirmed = await ctx.api.call("POST", `messaging/${id}/confirm`, { token, body: { code, lang: "en" } });
    expect(confirmed.json.data.consents[0].verified).toBe(true);
  });
});
