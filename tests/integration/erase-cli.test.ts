/**
 * `npm run client:erase` (issue 66, point 5): it names the client by id only, in its dry run and after, and what it
 * erased from SQLite is overwritten in the database file, not left in freed pages; on PostgreSQL it says the rows'
 * bytes stay until the tables are rewritten, and `--vacuum` rewrites them.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { caseClient } from "../support/client-area.js";
import { testDatabases, useSeededApi } from "../support/databases.js";

const run = promisify(execFile);

describe.each(testDatabases)("the erase command on $name", (target) => {
  const ctx = useSeededApi(target);

  it("names the client by id only, and overwrites (SQLite) or says how to rewrite (PostgreSQL) what it erased", async () => {
    const agent = await ctx.api.newAgent(`erase-cli-${target.name}@example.com`);
    const unique = `Zyxwquorth${target.name}`;
    const c = await caseClient(ctx, agent.token, {
      email: `${unique.toLowerCase()}@example.com`,
      first_name: unique,
      last_name: "Vantablack",
    });
    await ctx.api.call("POST", `agent/clients/${c.clientId}/notes`, {
      token: agent.token,
      body: { body: `${unique} called about the lease.` },
    });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erase-cli-"));
    const raw = ctx.database.raw;
    const databaseUrl =
      raw.kind === "sqlite" ? `file:${raw.client.name}` : (raw.client.options as { connectionString: string }).connectionString;
    const env = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, NODE_ENV: "test" as const };
    const erase = (...args: string[]) =>
      run("npx", ["tsx", "backend/clients/erase-cli.ts", "--client", String(c.clientId), ...args], { env });

    const dry = await erase();
    expect(dry.stdout).toContain(`Client ${c.clientId}`);
    expect(dry.stdout + dry.stderr).not.toMatch(new RegExp(`${unique}|Vantablack`, "i"));

    const done = await erase("--yes");
    expect(done.stdout + done.stderr).not.toMatch(new RegExp(`${unique}|Vantablack`, "i"));
    const said = JSON.parse(done.stdout) as { client_id: number; storage: string };
    expect(said.client_id).toBe(c.clientId);
    if (raw.kind === "sqlite") {
      expect(said.storage).toMatch(/overwritten/);
      for (const file of [raw.client.name, `${raw.client.name}-wal`]) {
        if (!fs.existsSync(file)) continue;
        expect(fs.readFileSync(file).includes(Buffer.from(unique)), file).toBe(false);
      }
    } else {
      expect(said.storage).toMatch(/--vacuum/);
      const again = await erase("--yes", "--vacuum");
      expect(JSON.parse(again.stdout).storage).toMatch(/VACUUM FULL/);
    }
  });
});
