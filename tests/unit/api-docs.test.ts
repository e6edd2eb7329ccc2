/**
 * docs/api.md is held to the contract's table: its index lists every endpoint with who may call it, and every
 * example request on the page (the ```http blocks, and "`POST /backend/…` with `{…}`" in the text) is a call the
 * table has, whose body and query parse with that endpoint's schemas.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { apiIndex, INDEX_END, INDEX_START } from "../../lib/contract/api-index.js";
import { allEndpoints, type EndpointDef } from "../../lib/contract.js";

const doc = fs.readFileSync(new URL("../../docs/api.md", import.meta.url), "utf8");

function endpointFor(method: string, path: string): EndpointDef | undefined {
  return allEndpoints.find((e) => e.method === method && new RegExp(`^${e.path.replace(/:[A-Za-z]+/g, "[^/]+")}$`).test(path));
}

type Example = { where: string; method: string; path: string; query: URLSearchParams; body: unknown };

function examples(): Example[] {
  const out: Example[] = [];
  const call = (where: string, method: string, target: string, body: unknown) => {
    const url = new URL(target, "http://api.test");
    out.push({ where, method, path: url.pathname.replace(/^\/backend\//, ""), query: url.searchParams, body });
  };
  for (const block of doc.matchAll(/```http\n([\s\S]*?)```/g)) {
    const [head, ...rest] = block[1]!.split("\n");
    const [method, target] = head!.split(" ") as [string, string];
    const blank = rest.indexOf("");
    const text =
      blank < 0
        ? ""
        : rest
            .slice(blank + 1)
            .join("\n")
            .trim();
    call(head!, method, target, text ? JSON.parse(text) : undefined);
  }
  for (const m of doc.matchAll(/`(GET|POST) (\/backend\/[^`\s]+)`[^`\n]{0,40}? with `(\{[^`]*\})`/g)) {
    let body: unknown;
    try {
      body = JSON.parse(m[3]!);
    } catch {
      continue; // a sketch of the fields ("a" | "b"), not an example
    }
    call(m[0], m[1]!, m[2]!, body);
  }
  return out;
}

describe("docs/api.md", () => {
  it("has the index the table writes: every endpoint, with who may call it", () => {
    const start = doc.indexOf(INDEX_START);
    const end = doc.indexOf(INDEX_END) + INDEX_END.length;
    expect(start, "the index's markers").toBeGreaterThan(0);
    expect(doc.slice(start, end), "docs/api.md's index differs from the table: run npm run docs:api").toBe(
      apiIndex(allEndpoints),
    );
    for (const e of allEndpoints) expect(doc, `${e.method} ${e.path}`).toContain(`\`${e.method} ${e.path}\``);
  });

  it("shows only example requests that the table has and whose input parses with its schemas", () => {
    const found = examples();
    expect(found.length).toBeGreaterThanOrEqual(8);
    for (const example of found) {
      const endpoint = endpointFor(example.method, example.path);
      expect(endpoint, `${example.where}: no such endpoint`).toBeDefined();
      if (endpoint!.body) {
        const parsed = endpoint!.body.safeParse(example.body ?? {});
        expect(parsed.success, `${example.where}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      } else {
        expect(example.body, `${example.where}: this endpoint takes no body`).toBeUndefined();
      }
      if (endpoint!.query) {
        const parsed = endpoint!.query.safeParse(Object.fromEntries(example.query));
        expect(parsed.success, `${example.where}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
    }
  });
});
