/**
 * The business settings (issue 25, point 3): kept in `business_settings`, one row per setting an owner saved; a
 * setting never saved is the environment's (the first start's defaults). Every request of the API reads them afresh
 * (at most a second old on another instance: `LiveBusiness`), so a change takes effect without a restart.
 */
import type { Kysely } from "kysely";
import { type BusinessKey, type BusinessSaved, type BusinessValues } from "../../lib/contract.js";
import { documentsByService } from "../../lib/documents.js";
import { translator } from "../../lib/i18n/index.js";
import { describeSetting } from "../../lib/setting-words.js";
import { audit } from "../audit.js";
import type { Database } from "../db/schema.js";

export { siteFacts } from "../../lib/business.js";
export { businessDefaults, type BusinessDefaults } from "../../lib/business-defaults.js";

/** The settings now: each saved one over its default. A row of a setting that no longer exists is ignored. */
export async function readBusiness(db: Kysely<Database>, defaults: BusinessValues): Promise<BusinessValues> {
  const rows = await db.selectFrom("business_settings").select(["key", "value"]).execute();
  const values: Record<string, unknown> = { ...defaults };
  for (const r of rows) {
    if (!(r.key in defaults)) continue;
    try {
      values[r.key] = JSON.parse(r.value);
    } catch {
      // A value nobody could have written through the office: the default stays.
    }
  }
  return values as BusinessValues;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Saves what changed (a setting left as it was is not written: it stays the environment's until someone changes
 * it; a setting `input` does not name is left alone), each change audited in words, in one transaction.
 */
export async function saveBusiness(
  db: Kysely<Database>,
  staffId: number,
  input: Partial<BusinessValues>,
  defaults: BusinessValues,
  now = new Date(),
): Promise<BusinessSaved> {
  const changes = await db.transaction().execute(async (trx) => {
    const before = await readBusiness(trx, defaults);
    const said: string[] = [];
    for (const key of Object.keys(defaults) as BusinessKey[]) {
      if (input[key] === undefined) continue;
      const after = input[key] ?? null;
      if (same(before[key], after)) continue;
      await trx
        .insertInto("business_settings")
        .values({ key, value: JSON.stringify(after), updated_at: now.toISOString(), updated_by: staffId })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({ value: JSON.stringify(after), updated_at: now.toISOString(), updated_by: staffId }),
        )
        .execute();
      const words = describeSetting(key, before[key], after, translator("en"));
      said.push(words);
      await audit(trx, { staffId, kind: "settings.changed", subject: `setting:${key}`, before: before[key], after }, now);
    }
    return said;
  });
  return { values: await readBusiness(db, defaults), changes };
}

/**
 * The settings as this process last read them, for the code that takes plain numbers (the booking rules, the mail
 * worker): `refresh()` before each request and each round of background work keeps them at most `maxAgeMs` old.
 */
export class LiveBusiness {
  current: BusinessValues;
  private readAt = 0;
  private reading: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    readonly defaults: BusinessValues,
  ) {
    this.current = defaults;
  }

  /** What a save of this process returned: in effect here at once (another instance reads it within a second). */
  set(values: BusinessValues) {
    this.current = values;
    this.readAt = Date.now();
  }

  async refresh(maxAgeMs = 1000): Promise<BusinessValues> {
    if (Date.now() - this.readAt >= maxAgeMs) {
      this.reading ??= readBusiness(this.db, this.defaults)
        .then((v) => {
          this.current = v;
          this.readAt = Date.now();
        })
        .finally(() => {
          this.reading = null;
        });
      await this.reading;
    }
    return this.current;
  }
}

/** The documents each paid service asks for, as the owner set them (read in the payment's own transaction). */
export async function serviceDocuments(db: Kysely<Database>, serviceId: number): Promise<string[]> {
  const row = await db
    .selectFrom("business_settings")
    .select("value")
    .where("key", "=", `service_${serviceId}_documents`)
    .executeTakeFirst();
  if (row) {
    try {
      const kinds = JSON.parse(row.value) as unknown;
      if (Array.isArray(kinds)) return kinds.filter((k): k is string => typeof k === "string");
    } catch {
      // Not written by the office: the default list.
    }
  }
  return [...(documentsByService[serviceId] ?? [])];
}
