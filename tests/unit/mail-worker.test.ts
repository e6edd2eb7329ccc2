/**
 * The mail worker's rounds (issue 66, point 6c): one at a time, none after `stop`, and `stop` waits for the round
 * under way, so that a shutdown closes the database only after it.
 */
import { describe, expect, it } from "vitest";
import { startMailWorker } from "../../backend/mail/worker.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the mail worker", () => {
  it("runs one round at a time, and a stop waits for the round under way before the database closes", async () => {
    const events: string[] = [];
    let running = 0;
    let most = 0;
    const worker = startMailWorker({
      intervalMs: 5,
      round: async () => {
        running++;
        most = Math.max(most, running);
        events.push("round starts");
        await sleep(60);
        events.push("round ends");
        running--;
      },
      onError: () => events.push("error"),
    });
    await sleep(20);
    await worker.stop();
    events.push("database closes");
    await sleep(40);
    expect(most).toBe(1);
    expect(events).toEqual(["round starts", "round ends", "database closes"]);
  });

  it("says a failed round and goes on with the next", async () => {
    const errors: unknown[] = [];
    let rounds = 0;
    const worker = startMailWorker({
      intervalMs: 5,
      round: async () => {
        rounds++;
        throw new Error("smtp down");
      },
      onError: (err) => errors.push(err),
    });
    await sleep(60);
    await worker.stop();
    expect(rounds).toBeGreaterThan(1);
    expect(errors).toHaveLength(rounds);
  });
});
