/**
 * The business rules both sides read (lib/rules.ts), at their edges: who may have a relocation plan, how long a
 * mentor's move request lasts, and when a session may still be moved. Mutation testing (npm run mutation) found
 * them reached by the integration tests but held at no edge.
 */
import { describe, expect, it } from "vitest";
import { MOVE_WINDOW_DAYS, moveBlocker, moveRequestUntil, relocationPlanBlocker, SERVICES } from "../../lib/rules.js";

describe("the business rules", () => {
  it("gives a relocation plan only to a client moving to another country", () => {
    expect(relocationPlanBlocker({ destination_country: null, current_country: "GB" })).toBe(
      "This client has no destination country yet",
    );
    expect(relocationPlanBlocker({ destination_country: "", current_country: null })).toBe(
      "This client has no destination country yet",
    );
    expect(relocationPlanBlocker({ destination_country: "AE", current_country: "AE" })).toBe(
      "This client's destination is the country they live in now",
    );
    expect(relocationPlanBlocker({ destination_country: "AE", current_country: "GB" })).toBeNull();
    expect(relocationPlanBlocker({ destination_country: "AE", current_country: null })).toBeNull();
    expect(SERVICES).toEqual({ mentorship: 1, relocation: 2, jobPlacement: 3 });
  });

  it("keeps a requested move open for fourteen days after the session's start", () => {
    expect(MOVE_WINDOW_DAYS).toBe(14);
    expect(moveRequestUntil("2030-01-07T09:00:00.000Z")).toBe("2030-01-21T09:00:00.000Z");
  });

  it("lets a paid session to come be moved until the cut-off, or until its start once its mentor asked", () => {
    const start = "2030-01-07T09:00:00.000Z";
    const at = (iso: string) => new Date(iso);
    const paid = { status: "confirmed", start_at: start, move_request: null };
    const asked = { ...paid, move_request: { until: "x" } };
    expect(moveBlocker({ ...paid, status: "held" }, 24, at("2030-01-01T00:00:00Z"))).toBe("held");
    expect(moveBlocker({ ...paid, status: "cancelled" }, 24, at("2030-01-01T00:00:00Z"))).toBe("cancelled");
    // 24 hours before: still movable; a moment later, past the cut-off.
    expect(moveBlocker(paid, 24, at("2030-01-06T09:00:00.000Z"))).toBeNull();
    expect(moveBlocker(paid, 24, at("2030-01-06T09:00:00.001Z"))).toBe("cutoff");
    // Asked by the mentor: movable until the start, not at it.
    expect(moveBlocker(asked, 24, at("2030-01-07T08:59:59.999Z"))).toBeNull();
    expect(moveBlocker(asked, 24, at(start))).toBe("started");
    expect(moveBlocker(paid, 24, at("2030-01-07T10:00:00.000Z"))).toBe("started");
    // A cut-off of none: until the start.
    expect(moveBlocker(paid, 0, at("2030-01-07T08:59:59.999Z"))).toBeNull();
  });
});
