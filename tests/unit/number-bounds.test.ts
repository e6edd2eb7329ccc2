/**
 * Every number the API reads (an id in a path, a field of a body or a query) has an upper bound that a PostgreSQL
 * integer holds: 2^31 and up is refused by the contract with a 400 and a message, never passed to the database,
 * where PostgreSQL refuses it with an error (a 500) while SQLite quietly finds nothing.
 */
import { describe, expect, it } from "vitest";
import { z, type ZodTypeAny } from "zod";
import type { EndpointDef } from "../../lib/contract/endpoint.js";
import { MAX_ID } from "../../lib/contract/fields.js";
import { endpoints } from "../../lib/contract.js";

/** The numbers inside a schema, each with where it sits and its largest allowed value (Infinity: none). */
function numbers(schema: ZodTypeAny, at: string, seen = new Set<ZodTypeAny>()): Array<{ at: string; max: number }> {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._def as Record<string, any>;
  if (schema instanceof z.ZodNumber) {
    const maxes = (def.checks as Array<{ kind: string; value: number }>).filter((c) => c.kind === "max").map((c) => c.value);
    return [{ at, max: maxes.length ? Math.min(...maxes) : Infinity }];
  }
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape as Record<string, ZodTypeAny>).flatMap(([k, v]) => numbers(v, `${at}.${k}`, seen));
  }
  if (schema instanceof z.ZodEffects) return numbers(def.schema, at, seen);
  if (schema instanceof z.ZodArray) return numbers(def.type, `${at}[]`, seen);
  if (schema instanceof z.ZodRecord) return numbers(def.valueType, `${at}{}`, seen);
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) {
    return [...(def.options as ZodTypeAny[] | Map<unknown, ZodTypeAny>).values()].flatMap((o) => numbers(o, at, seen));
  }
  if (schema instanceof z.ZodIntersection) return [...numbers(def.left, at, seen), ...numbers(def.right, at, seen)];
  if (schema instanceof z.ZodPipeline) return [...numbers(def.in, at, seen), ...numbers(def.out, at, seen)];
  for (const inner of ["innerType", "schema", "type"]) if (def[inner]) return numbers(def[inner], at, seen);
  if (schema instanceof z.ZodLazy) return numbers(def.getter(), at, seen);
  return [];
}

describe("the contract's numbers", () => {
  it("each has an upper bound a PostgreSQL integer holds, in every path, query and body", () => {
    const unbounded: string[] = [];
    let count = 0;
    for (const [name, e] of Object.entries(endpoints as Record<string, EndpointDef>)) {
      const found = [
        ...Object.entries(e.params ?? {}).flatMap(([k, v]) => numbers(v as ZodTypeAny, `params.${k}`)),
        ...(e.query ? numbers(e.query as ZodTypeAny, "query") : []),
        ...(e.body ? numbers(e.body as ZodTypeAny, "body") : []),
      ];
      count += found.length;
      for (const n of found) if (n.max > MAX_ID) unbounded.push(`${name} ${n.at} (at most ${n.max})`);
    }
    // The walk does reach them: the contract reads dozens of numbers.
    expect(count).toBeGreaterThan(50);
    expect(unbounded).toEqual([]);
  });
});
