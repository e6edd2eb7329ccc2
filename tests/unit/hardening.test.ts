/**
 * Issue 21, point 7, the smaller ones that live in one function each: spreadsheet cells that stay text, names that
 * cannot break an invite's line, and a stored file's name that ends as what its bytes are.
 */
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { cleanFileName } from "../../backend/documents/files.js";
import { icsName, sessionInvite } from "../../backend/mail/messages.js";
import { spreadsheetCell } from "../../lib/csv.js";

describe("spreadsheet cells", () => {
  it("neutralise what a spreadsheet would run as a formula, and leave the rest alone", () => {
    for (const formula of ['=HYPERLINK("http://evil")', "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]) {
      expect(spreadsheetCell(formula)).toBe(`'${formula}`);
    }
    for (const plain of ["Ana", "Núñez-O'Connor", "2026-01-01", "", "a=b", "'quoted"]) expect(spreadsheetCell(plain)).toBe(plain);
  });
});

describe("names in an invite", () => {
  const ctx = {
    publicUrl: "https://portal.example",
    company: { name: 'Waypoint "Best" Consultancy', address: "Lisbon" },
    cancelCutoffHours: 24,
  };
  const session = {
    booking_id: 7,
    mentor_name: "Amira",
    mentor_zone: "UTC",
    client_name: "Ana",
    agent_name: "Dana",
    agent_email: "dana@example.com",
    topic: "First steps",
    start_at: "2030-01-07T09:00:00.000Z",
    end_at: "2030-01-07T10:00:00.000Z",
  };

  it("cannot name another address or break the line, whatever quotes and controls the name holds", () => {
    expect(icsName('Ana "x" \r\nATTENDEE:mailto:evil@example.com')).not.toMatch(/["\r\n]/);
    const hostile = { email: "ana@example.com", name: 'Ana" <evil@example.com>;X="', zone: "UTC", role: "client" as const };
    const { content } = sessionInvite(ctx, hostile, session, "REQUEST");
    const event = new ICAL.Component(ICAL.parse(content)).getFirstSubcomponent("vevent")!;
    const attendees = event.getAllProperties("attendee").map((p) => String(p.getFirstValue()).toLowerCase());
    expect(attendees).toEqual(["mailto:ana@example.com"]);
    expect(String(event.getFirstProperty("organizer")!.getFirstValue()).toLowerCase()).toBe("mailto:dana@example.com");
  });
});

describe("a stored file's name", () => {
  it("ends with the extension of the type read from its bytes", () => {
    expect(cleanFileName("passport.html", "application/pdf")).toBe("passport.html.pdf");
    expect(cleanFileName("scan.PDF", "application/pdf")).toBe("scan.PDF");
    expect(cleanFileName("photo.jpeg", "image/jpeg")).toBe("photo.jpeg");
    expect(cleanFileName("photo.png", "image/jpeg")).toBe("photo.png.jpg");
    expect(cleanFileName("noext", "image/png")).toBe("noext.png");
    expect(cleanFileName("", "image/png")).toBe("document.png");
    const long = cleanFileName(`${"a".repeat(300)}.exe`, "application/pdf");
    expect(long.endsWith(".pdf")).toBe(true);
    expect(long.length).toBeLessThanOrEqual(120);
  });
});
