/**
 * The mail worker: every few seconds, the reminders due and what the outbox holds. Each instance runs one; the
 * outbox's claims keep them from sending a message twice (docs/decisions/006-mail-outbox.md). One round at a time;
 * `stop` ends the rounds and waits for the one under way, so that a shutdown closes the database only after it
 * (a round once ran on a destroyed pool after SIGTERM, issue 66).
 */
export type MailWorker = { stop(): Promise<void> };

export function startMailWorker(opts: {
  round: () => Promise<unknown>;
  intervalMs: number;
  onError: (err: unknown) => void;
}): MailWorker {
  let current: Promise<void> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (current || stopped) return;
    current = opts
      .round()
      .then(() => undefined, opts.onError)
      .finally(() => {
        current = null;
      });
  }, opts.intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
