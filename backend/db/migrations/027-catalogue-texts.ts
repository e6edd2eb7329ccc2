import { sql, type Kysely } from "kysely";

/**
 * Issue 37, point 4: what the public pages show of the catalogue, written per language in the office. A plan says
 * what it includes (one item a line, in English; none for the plans from before); `catalogue_texts` holds a plan's
 * or a mentor's words in Arabic, Spanish or French, one row a field, and a field with no row is shown in English,
 * marked so. Only added: no row of before is changed or dropped.
 */
export function catalogueTexts() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("service_plans")
        .addColumn("includes", "text", (c) => c.notNull().defaultTo("[]"))
        .execute();
      await db.schema
        .createTable("catalogue_texts")
        .addColumn("kind", "text", (c) => c.notNull().check(sqlIn("kind", ["plan", "mentor"])))
        .addColumn("ref_id", "integer", (c) => c.notNull())
        .addColumn("lang", "text", (c) => c.notNull().check(sqlIn("lang", ["ar", "es", "fr"])))
        .addColumn("field", "text", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("catalogue_texts_pk", ["kind", "ref_id", "lang", "field"])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("catalogue_texts").execute();
      await db.schema.alterTable("service_plans").dropColumn("includes").execute();
    },
  };
}

function sqlIn(column: string, values: string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);
}
