import { sql, type Kysely } from "kysely";
import type { DbKind } from "../connection.js";

/** The core tables: agents and their tokens, portal sessions, the catalogue, clients, cart, contact. */
export function initial(kind: DbKind) {
  const pg = kind === "postgres";
  const time = pg ? "timestamptz" : "text";
  const idCol = (t: any) =>
    pg
      ? t.addColumn("id", "serial", (c: any) => c.primaryKey())
      : t.addColumn("id", "integer", (c: any) => c.primaryKey().autoIncrement());

  return {
    async up(db: Kysely<any>) {
      await idCol(db.schema.createTable("agents"))
        .addColumn("email", "text", (c: any) => c.notNull().unique())
        .addColumn("name", "text", (c: any) => c.notNull())
        .addColumn("password_hash", "text", (c: any) => c.notNull())
        .addColumn("phone", "text")
        .addColumn("time_zone", "text", (c: any) => c.notNull().defaultTo("UTC"))
        .addColumn("created_at", time, (c: any) => c.notNull())
        .execute();

      await idCol(db.schema.createTable("api_tokens"))
        .addColumn("agent_id", "integer", (c: any) => c.notNull().references("agents.id").onDelete("cascade"))
        .addColumn("token_hash", "text", (c: any) => c.notNull().unique())
        .addColumn("created_at", time, (c: any) => c.notNull())
        .addColumn("expires_at", time, (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex("api_tokens_agent_idx").on("api_tokens").column("agent_id").execute();

      await db.schema
        .createTable("portal_sessions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("expires_at", time)
        .execute();
      await db.schema.createIndex("portal_sessions_expires_idx").on("portal_sessions").column("expires_at").execute();

      await db.schema
        .createTable("countries")
        .addColumn("code", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("services")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("summary", "text", (c) => c.notNull())
        .execute();

      await idCol(db.schema.createTable("service_plans"))
        .addColumn("service_id", "integer", (c: any) => c.notNull().references("services.id"))
        .addColumn("name", "text", (c: any) => c.notNull())
        .addColumn("description", "text", (c: any) => c.notNull())
        .addColumn("price_minor", "integer", (c: any) => c.notNull())
        .addColumn("currency", "text", (c: any) => c.notNull())
        .addColumn("sort_order", "integer", (c: any) => c.notNull().defaultTo(0))
        .addUniqueConstraint("service_plans_service_name_uq", ["service_id", "name"])
        .execute();

      await idCol(db.schema.createTable("jobs"))
        .addColumn("title", "text", (c: any) => c.notNull())
        .addColumn("company", "text", (c: any) => c.notNull())
        .addColumn("country_code", "text", (c: any) => c.notNull().references("countries.code"))
        .addColumn("city", "text", (c: any) => c.notNull())
        .addColumn("employment_type", "text", (c: any) => c.notNull())
        .addColumn("description", "text", (c: any) => c.notNull())
        .addColumn("salary_min_minor", "integer")
        .addColumn("salary_max_minor", "integer")
        .addColumn("salary_currency", "text")
        .addColumn("placement_fee_minor", "integer", (c: any) => c.notNull())
        .addColumn("currency", "text", (c: any) => c.notNull())
        .addColumn("posted_at", time, (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex("jobs_country_idx").on("jobs").column("country_code").execute();

      await idCol(db.schema.createTable("relocations"))
        .addColumn("title", "text", (c: any) => c.notNull())
        .addColumn("country_code", "text", (c: any) => c.notNull().references("countries.code"))
        .addColumn("city", "text", (c: any) => c.notNull())
        .addColumn("description", "text", (c: any) => c.notNull())
        .addColumn("includes", "text", (c: any) => c.notNull())
        .addColumn("duration_days", "integer", (c: any) => c.notNull())
        .addColumn("price_minor", "integer", (c: any) => c.notNull())
        .addColumn("currency", "text", (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex("relocations_country_idx").on("relocations").column("country_code").execute();

      await idCol(db.schema.createTable("mentors"))
        .addColumn("name", "text", (c: any) => c.notNull())
        .addColumn("title", "text", (c: any) => c.notNull())
        .addColumn("bio", "text", (c: any) => c.notNull())
        .addColumn("expertise", "text", (c: any) => c.notNull())
        .addColumn("languages", "text", (c: any) => c.notNull())
        .addColumn("country_code", "text", (c: any) => c.notNull().references("countries.code"))
        .addColumn("time_zone", "text", (c: any) => c.notNull())
        .addColumn("rate_minor", "integer", (c: any) => c.notNull())
        .addColumn("currency", "text", (c: any) => c.notNull())
        .addColumn("photo_url", "text")
        .execute();

      await idCol(db.schema.createTable("mentor_availability"))
        .addColumn("mentor_id", "integer", (c: any) => c.notNull().references("mentors.id").onDelete("cascade"))
        .addColumn("weekday", "integer", (c: any) => c.notNull())
        .addColumn("start_minute", "integer", (c: any) => c.notNull())
        .addColumn("end_minute", "integer", (c: any) => c.notNull())
        .addCheckConstraint("mentor_availability_weekday_ck", sql`weekday between 0 and 6`)
        .addCheckConstraint(
          "mentor_availability_range_ck",
          sql`start_minute >= 0 and end_minute <= 1440 and start_minute < end_minute`,
        )
        .execute();
      await db.schema.createIndex("mentor_availability_mentor_idx").on("mentor_availability").column("mentor_id").execute();

      await idCol(db.schema.createTable("clients"))
        .addColumn("agent_id", "integer", (c: any) => c.notNull().references("agents.id").onDelete("cascade"))
        .addColumn("first_name", "text", (c: any) => c.notNull())
        .addColumn("last_name", "text", (c: any) => c.notNull())
        .addColumn("email", "text", (c: any) => c.notNull())
        .addColumn("phone", "text")
        .addColumn("nationality", "text", (c: any) => c.references("countries.code"))
        .addColumn("current_country", "text", (c: any) => c.references("countries.code"))
        .addColumn("destination_country", "text", (c: any) => c.references("countries.code"))
        .addColumn("date_of_birth", "text")
        .addColumn("passport_number", "text")
        .addColumn("status", "text", (c: any) => c.notNull().defaultTo("active"))
        .addColumn("notes", "text")
        .addColumn("created_at", time, (c: any) => c.notNull())
        .addColumn("updated_at", time, (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex("clients_agent_created_idx").on("clients").columns(["agent_id", "created_at"]).execute();

      await idCol(db.schema.createTable("cart_items"))
        .addColumn("agent_id", "integer", (c: any) => c.notNull().references("agents.id").onDelete("cascade"))
        .addColumn("client_id", "integer", (c: any) => c.notNull().references("clients.id").onDelete("cascade"))
        .addColumn("item_type", "text", (c: any) => c.notNull())
        .addColumn("item_id", "integer", (c: any) => c.notNull())
        .addColumn("description", "text", (c: any) => c.notNull())
        .addColumn("price_minor", "integer", (c: any) => c.notNull())
        .addColumn("currency", "text", (c: any) => c.notNull())
        .addColumn("created_at", time, (c: any) => c.notNull())
        .addCheckConstraint("cart_items_price_ck", sql`price_minor >= 0`)
        .execute();
      await db.schema.createIndex("cart_items_agent_idx").on("cart_items").column("agent_id").execute();
      await db.schema.createIndex("cart_items_client_idx").on("cart_items").column("client_id").execute();

      await idCol(db.schema.createTable("contact_messages"))
        .addColumn("name", "text", (c: any) => c.notNull())
        .addColumn("email", "text", (c: any) => c.notNull())
        .addColumn("phone", "text")
        .addColumn("subject", "text", (c: any) => c.notNull())
        .addColumn("message", "text", (c: any) => c.notNull())
        .addColumn("created_at", time, (c: any) => c.notNull())
        .execute();
    },

    async down(db: Kysely<any>) {
      for (const t of [
        "contact_messages",
        "cart_items",
        "clients",
        "mentor_availability",
        "mentors",
        "relocations",
        "jobs",
        "service_plans",
        "services",
        "countries",
        "portal_sessions",
        "api_tokens",
        "agents",
      ]) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  };
}
