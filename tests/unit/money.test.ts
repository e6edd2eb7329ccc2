/** Money has one home (lib/money.ts): pages, e-mails, the audit log's words and the CSV files all read it there. */
import { describe, expect, it } from "vitest";
import { describeAudit } from "../../lib/audit-words.js";
import { translator } from "../../lib/i18n/index.js";
import { dollarsText, CATALOGUE_CURRENCY, formatMoney, formatMoneyIn, moneyAmount, parseDollars } from "../../lib/money.js";

describe("money", () => {
  it("writes an amount alone by its currency's minor unit, as a spreadsheet or a form reads it", () => {
    expect(moneyAmount(149000, "USD")).toBe("1490.00");
    expect(moneyAmount(5, "EUR")).toBe("0.05");
    // A currency without cents has none to write.
    expect(moneyAmount(1500, "JPY")).toBe("1500");
    expect(dollarsText(149000)).toBe(moneyAmount(149000, CATALOGUE_CURRENCY));
    expect(dollarsText(null)).toBe("");
  });

  it("says the same amount the same way on a page and in the audit log", () => {
    const said = describeAudit(
      { kind: "mentor.updated", subject: "mentor:1", before: { rate_minor: 9500 }, after: { rate_minor: 10500 } },
      translator("en"),
    );
    expect(said).toContain(formatMoney(9500, CATALOGUE_CURRENCY));
    expect(said).toContain(formatMoney(10500, CATALOGUE_CURRENCY));
    expect(formatMoney(10500, CATALOGUE_CURRENCY)).toBe("$105.00");
  });

  it("reads dollars as staff type them, to cents, and refuses what is not an amount", () => {
    expect(parseDollars("1490")).toBe(149000);
    expect(parseDollars("1,490.00")).toBe(149000);
    expect(parseDollars("$1 490.5")).toBe(149050);
    expect(parseDollars("0.05")).toBe(5);
    expect(parseDollars("99999999.99")).toBe(9_999_999_999);
    for (const bad of ["", "abc", "1.234", "-5", "1e3", "123456789", "12.", ".5", "1.2.3"]) {
      expect(parseDollars(bad), bad).toBeNull();
    }
  });

  it("writes an amount in a reader's language with its currency's own minor unit", () => {
    expect(formatMoneyIn("en-US", 149000, "USD")).toBe("$1,490.00");
    expect(formatMoneyIn("es", 149000, "USD")).toMatch(/^1490,00\s?US\$$/);
    expect(formatMoneyIn("en-US", 1500, "JPY")).toBe("¥1,500");
    expect(formatMoney(5, "EUR")).toBe("€0.05");
  });
});
