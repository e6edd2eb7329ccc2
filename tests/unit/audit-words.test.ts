/** The audit log in words (issue 25, point 4): each kind of entry as a sentence, never raw JSON. */
import { describe, expect, it } from "vitest";
import { auditSubject as subjectIn, describeAudit } from "../../lib/audit-words.js";
import { translator } from "../../lib/i18n/index.js";

const english = translator("en");
const auditSubject = (subject: string | null) => subjectIn(subject, english);

const say = (kind: string, before: unknown, after: unknown, subject: string | null = null) =>
  describeAudit({ kind, subject, before, after }, english);

describe("the audit log's words", () => {
  it("says a mentor's edit field by field: money as dollars, hours day by day", () => {
    // [weekday, first minute, last minute] a range
    const hours = (...ranges: Array<[number, number, number]>) =>
      ranges.map(([weekday, start_minute, end_minute]) => ({ weekday, start_minute, end_minute }));
    const before = { rate_minor: 9500, time_zone: "Europe/Lisbon", hours: hours([2, 540, 1080], [3, 540, 720]) };
    const after = { rate_minor: 10500, time_zone: "Europe/Lisbon", hours: hours([2, 540, 1020], [3, 540, 720], [3, 780, 960]) };
    expect(say("mentor.edit", before, after, "mentor:3")).toBe(
      "Rate changed from $95.00 to $105.00; Hours on Tuesdays: 9:00–17:00; Hours on Wednesdays: 9:00–12:00, 13:00–16:00",
    );
  });

  it("says issue 41's entries: a pack added, a rule added and removed, a payout, a connected account", () => {
    expect(say("pack.create", null, { name: "Kick-off", sessions: 3, price_minor: 30000 })).toMatch(
      /^Added session pack “Kick-off”/,
    );
    expect(say("commission_rule.add", null, { target: "service", target_id: 1, percent_bp: 1000, starts_on: "2026-12-01" })).toBe(
      "Added a commission rule: 10 % on service 1, from 2026-12-01",
    );
    expect(
      say("commission_rule.remove", { target: "pack", target_id: null, amount_minor: 5000, starts_on: "2027-01-01" }, null),
    ).toBe("Removed a commission rule that had not started ($50.00, from 2027-01-01)");
    expect(say("commission.payout", null, { amount_minor: 1000, reference: "BANK-1" })).toBe(
      "Recorded a payout of $10.00 (reference BANK-1)",
    );
    expect(say("agent.connect_account", { account: null }, { account: "acct_1" })).toBe(
      "Set the Stripe connected account to acct_1",
    );
    expect(auditSubject("pack:2")).toEqual({ label: "Session pack 2", href: "/office/session-packs/2" });
  });

  it("says each kind the office writes as a sentence", () => {
    expect(say("staff.sign_in", null, null)).toBe("Signed in");
    expect(say("agent.deactivate", { active: true }, { active: false })).toBe("Deactivated (sessions ended)");
    expect(say("staff.role", { role: "owner" }, { role: "staff" })).toBe("Role changed from Owner to Staff");
    expect(say("agent.create", null, { name: "Ana", email: "ana@example.com", time_zone: "UTC" })).toBe(
      "Added agent “Ana” (ana@example.com)",
    );
    expect(say("settings.changed", 24, 48, "setting:cancel_cutoff_hours")).toBe(
      "Cancellation cut-off changed from 24 to 48 hours",
    );
    expect(say("settings.changed", "09:00-18:00", "09:00-17:00", "setting:hours_2")).toBe(
      "Hours on Tuesdays: 9:00–17:00 (was 9:00–18:00)",
    );
    expect(say("order.refund", null, { lines: [1, 2], amount_minor: 58000, note: "Client moved" })).toBe(
      "Refunded 2 lines ($580.00): “Client moved”",
    );
    expect(
      say("agent.clients_handed_over", { agent: "Gia" }, { agent: "Tom", agent_id: 2, clients: ["Ana Moved", "Ben Moved"] }),
    ).toBe("Handed 2 clients from Gia to Tom: Ana Moved, Ben Moved");
    expect(say("job.publish", { published: false }, { published: true })).toBe("Published");
    // Nothing of it is JSON.
    for (const s of [say("mentor.hours", { hours: [] }, { hours: [{ weekday: 1, start_minute: 60, end_minute: 120 }] })]) {
      expect(s).not.toMatch(/[{}[\]"]/);
    }
  });

  it("takes every word from the catalogue: a translator that answers with its keys leaves no English sentence", () => {
    const keys = (key: string, values?: Record<string, unknown>) =>
      `«${key}${values ? ` ${Object.values(values).join(" ")}` : ""}»`;
    /** The text with every key said (nested ones first) taken out */
    const unsaid = (text: string) => {
      let left = text;
      while (/«[^«»]*»/.test(left)) left = left.replace(/«[^«»]*»/g, "");
      return left;
    };
    const entries: Array<[string, unknown, unknown, string | null]> = [
      ["staff.sign_in", null, null, null],
      ["staff.role", { role: "owner" }, { role: "staff" }, "staff:2"],
      ["agent.create", null, { name: "Ana", email: "ana@example.com" }, "agent:3"],
      ["mentor.edit", { rate_minor: 9500, bio: "a" }, { rate_minor: 10500, bio: "b" }, "mentor:1"],
      ["mentor.hours", { hours: [] }, { hours: [{ weekday: 1, start_minute: 60, end_minute: 120 }] }, "mentor:1"],
      ["settings.changed", "09:00-18:00", "", "setting:hours_2"],
      ["settings.changed", "a", "b", "setting:service_2_tagline_es"],
      ["order.refund", null, { lines: [1], amount_minor: 100, note: "n" }, "order:4"],
      ["agent.clients_handed_over", { agent: "Gia" }, { agent: "Tom", clients: ["Ana"] }, "agent:3"],
      ["client.erased", null, { files_removed: 2 }, "client:8"],
    ];
    for (const [kind, before, after, subject] of entries) {
      // What is left once the keys (and the values they were given) are taken out is punctuation and data only.
      const said = describeAudit({ kind, subject, before, after }, keys);
      expect(said, kind).toMatch(/«office\.auditWords\./);
      expect(unsaid(said).replace(/[\s;:,.()–\d]/g, ""), kind).toBe("");
    }
    expect(subjectIn("agent:3", keys)!.label).toBe("«office.auditWords.subjects.agent 3»");
  });

  it("names what an entry is about, with a link where the office has a page for it", () => {
    expect(auditSubject("agent:3")).toEqual({ label: "Agent 3", href: "/office/agents/3" });
    expect(auditSubject("setting:phone")).toEqual({ label: "Business settings", href: "/office/settings" });
    expect(auditSubject("message:9")).toEqual({ label: "Message 9", href: null });
    expect(auditSubject(null)).toBeNull();
  });
});
