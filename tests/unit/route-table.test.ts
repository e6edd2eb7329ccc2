/**
 * The portal's addresses do not move when its route files do (issue 68): the route tree Remix makes from
 * `app/routes` (remix-flat-routes' rooms) is compared with the table written down before the files moved into
 * rooms. Each line is a route's full address, whether it is an index, and the addresses of the layouts around it;
 * the files' names and the routes' ids may change, what a visitor can reach may not. A new page adds its line here.
 */
import fs from "node:fs";
import path from "node:path";
import { readConfig } from "@remix-run/dev/dist/config.js";
import { expect, it } from "vitest";
import { routeFiles, routeName } from "../support/route-files.js";
import { routes } from "../support/route-table.js";

const TABLE = "tests/fixtures/routes/route-table.txt";

/** One line a route: `/office/plans/:id` (or `… index`), then ` in /office` for each layout around it. */
async function routeTable(): Promise<string[]> {
  const config = await readConfig(process.cwd());
  const all = config.routes;
  const full = (id: string): string => {
    const route = all[id]!;
    const parent = route.parentId && route.parentId !== "root" ? full(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/").replace(/^\/*/, "/");
  };
  const layouts = (id: string): string[] => {
    const parent = all[id]!.parentId;
    return parent && parent !== "root" ? [...layouts(parent), full(parent)] : [];
  };
  return Object.keys(all)
    .filter((id) => id !== "root")
    .map((id) => [full(id) + (all[id]!.index ? " index" : ""), ...layouts(id).map((l) => `in ${l}`)].join(" "))
    .sort();
}

it("keeps every address, index and layout of the table written before the rooms", async () => {
  const table = await routeTable();
  if (process.env.WRITE_ROUTE_TABLE) fs.writeFileSync(TABLE, table.join("\n") + "\n");
  const written = fs.readFileSync(TABLE, "utf8").trim().split("\n");
  expect(table).toEqual(written);
  expect(table.length).toBeGreaterThan(130);
});

it("finds the same route modules as Remix, each under the name the route table keys it by", async () => {
  const config = await readConfig(process.cwd());
  const remix = Object.values(config.routes)
    .filter((r) => r.id !== "root")
    .map((r) => path.join(config.appDirectory, r.file))
    .sort();
  const ours = routeFiles();
  expect([...ours.values()].sort()).toEqual(remix);
  expect([...ours.keys()].sort()).toEqual(Object.keys(routes).sort());
  expect(routeName("office+/_layout.tsx")).toBe("office");
  expect(routeName("_workspace+/clients+/$id.questionnaires.$qid_.answers[.]pdf.tsx")).toBe(
    "clients.$id.questionnaires.$qid_.answers[.]pdf",
  );
  expect(routeName("office+/_people+/agents._index.tsx")).toBe("office.agents._index");
});
