/**
 * Dates that cannot be (issue 66, point 4): a date question set to "up to today" refuses a day after it, one set to
 * "from today on" a day before it, each wherever on earth the person's today is; and a copy says when it came to the
 * state it is in (a returned copy: when it was returned, not when it was sent or first submitted).
 */
import { describe, expect, it } from "vitest";
import { checkAnswer, stateStamp, type Question } from "../../lib/intake.js";

const question = (dates?: "past" | "future"): Question => ({
  key: "q1",
  kind: "date",
  required: true,
  label: { en: "When" },
  help: null,
  options: [],
  show_if: null,
  ...(dates ? { dates } : {}),
});
const noCountries = () => false;
const now = new Date("2026-12-01T12:00:00Z");

describe("a date question's rule", () => {
  it("refuses a birth after today and an expiry before it, beside the field with its own code", () => {
    expect(checkAnswer(question("past"), "2027-01-05", noCountries, now)).toMatchObject({
      problem: { code: "answer.date_past" },
    });
    expect(checkAnswer(question("past"), "1990-02-20", noCountries, now)).toEqual({ value: "1990-02-20" });
    expect(checkAnswer(question("future"), "2020-03-01", noCountries, now)).toMatchObject({
      problem: { code: "answer.date_future" },
    });
    expect(checkAnswer(question("future"), "2030-03-01", noCountries, now)).toEqual({ value: "2030-03-01" });
    // No rule: any real day.
    expect(checkAnswer(question(), "2099-01-01", noCountries, now)).toEqual({ value: "2099-01-01" });
    expect(checkAnswer(question("past"), "2026-02-30", noCountries, now)).toMatchObject({ problem: { code: "answer.date" } });
  });

  it("takes today as the person's, wherever they are", () => {
    // At 12:00 UTC it is already 2 December in Kiritimati (UTC+14) and still 1 December in Baker Island (UTC−12).
    expect(checkAnswer(question("past"), "2026-12-02", noCountries, now)).toEqual({ value: "2026-12-02" });
    expect(checkAnswer(question("past"), "2026-12-03", noCountries, now)).toMatchObject({
      problem: { code: "answer.date_past" },
    });
    expect(checkAnswer(question("future"), "2026-11-30", noCountries, now)).toMatchObject({
      problem: { code: "answer.date_future" },
    });
    expect(checkAnswer(question("future"), "2026-12-01", noCountries, now)).toEqual({ value: "2026-12-01" });
  });
});

describe("when a questionnaire came to its state", () => {
  const copy = {
    sent_at: "2026-11-01T09:00:00.000Z",
    submitted_at: "2026-11-03T09:00:00.000Z",
    returned_at: "2026-11-05T09:00:00.000Z",
    accepted_at: null,
  };
  it("says the return of a returned copy, the sending of a new one, the submission of a submitted one", () => {
    expect(stateStamp({ ...copy, status: "returned" })).toBe(copy.returned_at);
    expect(stateStamp({ ...copy, status: "submitted" })).toBe(copy.submitted_at);
    expect(stateStamp({ ...copy, status: "started" })).toBe(copy.sent_at);
    expect(stateStamp({ ...copy, status: "accepted", accepted_at: "2026-11-07T09:00:00.000Z" })).toBe("2026-11-07T09:00:00.000Z");
  });
});
