/**
 * The hand-written row types (schema.ts and its table files) held to the ones the migrations give
 * (generated.ts, `npm run db:types`): the same tables, the same columns, and every column's type as written by hand
 * one the database's can hold (a narrower union, as `"totp" | "passkey"` for a text column, is fine). A migration
 * that adds a column, or a type written wrong, fails `tsc` here. Only types: nothing of it runs.
 */
import type { Selectable } from "kysely";
import type { DB } from "./generated.js";
import type { Database } from "./schema.js";

type Same<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never]
  ? true
  : { onlyByHand: Exclude<keyof A, keyof B>; onlyInDatabase: Exclude<keyof B, keyof A> };
/** Each column as read: the hand's type within the database's, else the column's name and both types. */
type Fits<H, G> = {
  [C in keyof Selectable<H> & keyof Selectable<G>]: Selectable<H>[C] extends Selectable<G>[C]
    ? true
    : { column: C; byHand: Selectable<H>[C]; inDatabase: Selectable<G>[C] };
}[keyof Selectable<H> & keyof Selectable<G>];
type Agree<T extends keyof Database & keyof DB> =
  Same<Database[T], DB[T]> extends true ? Fits<Database[T], DB[T]> : Same<Database[T], DB[T]>;
type Every<M> = Exclude<M[keyof M], true> extends never ? true : Exclude<M[keyof M], true>;

type Holds<T extends true> = T;
export type TablesAgree = Holds<Same<Database, DB>>;
export type ColumnsAgree = Holds<Every<{ [T in keyof Database & keyof DB]: Agree<T> }>>;
