/**
 * A mentor's free slots from a given moment on, looked for week by week through the schedule call (whichever client
 * a test calls the API with: `week` asks for the seven days from `week_start`, or from today without one).
 */
export type ScheduleWeek = { slots: Array<{ start: string }>; next_week: string };

/** Up to `count` free slots (UTC starts) starting at `from` (epoch ms) or later, within `weeks` weeks. */
export async function freeSlotsFrom(
  week: (weekStart?: string) => Promise<ScheduleWeek>,
  from: number,
  count: number,
  weeks = 12,
): Promise<string[]> {
  const found: string[] = [];
  let weekStart: string | undefined;
  for (let n = 0; n < weeks && found.length < count; n++) {
    const schedule = await week(weekStart);
    found.push(...schedule.slots.map((s) => s.start).filter((start) => Date.parse(start) >= from));
    weekStart = schedule.next_week;
  }
  return found.slice(0, count);
}
