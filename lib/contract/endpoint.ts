/**
 * What an endpoint of the API is: its method and path, which kinds of account may call it, and the schemas of its
 * path parameters, query and body, with the type of its answer. Each area of the contract lists its endpoints with
 * `endpoint()`; the API serves them (backend/serve.ts), the portal calls them (app/lib/api.server.ts), and tests hold
 * docs/api.md and the authorization matrix to the list (lib/contract/endpoints.ts).
 */
import type { z, ZodTypeAny } from "zod";

/** Every kind of account that signs in. Each has its own area, tokens and sign-in (backend/accounts/). */
export const accountKinds = ["agent", "staff", "mentor", "client"] as const;
export type AccountKind = (typeof accountKinds)[number];
/** The kinds that sign in by an e-mailed link (backend/clients/links.ts); every other kind has a password. */
export const linkKinds = ["client"] as const satisfies readonly AccountKind[];
export type PasswordKind = Exclude<AccountKind, (typeof linkKinds)[number]>;

/** Who may call: anyone (`public`), or a signed-in account of one of these kinds. */
export type Access = "public" | readonly AccountKind[];

declare const answerOf: unique symbol;
/** The type of an endpoint's answer (the `data` of its envelope): a type only, nothing at run time. */
export type Answer<T> = { readonly [answerOf]?: T };
export const answer = <T>(): Answer<T> => ({});

export type EndpointDef = {
  method: "GET" | "POST";
  /** Under the API's mount (`/backend/`), with `:name` for each path parameter */
  path: string;
  auth: Access;
  /** Staff endpoints only an owner may call (the staff accounts, the business settings); other staff: 403 */
  owner?: true;
  /**
   * Open to an account the owner's rule confines (a second factor required, none set up yet: issue 67): its own
   * security page, who it is, signing out. Every other signed-in call answers 403 `mfa.setup_required` until then.
   */
  setup?: true;
  /** One line for docs/api.md's index and the tests' messages */
  summary: string;
  params?: Record<string, ZodTypeAny>;
  query?: ZodTypeAny;
  body?: ZodTypeAny;
  /** The body is a file's bytes (any type: the API reads the type from the bytes), not JSON */
  upload?: true;
  /** The answer is a file (an attachment), not the envelope */
  download?: true;
  /** The body is read raw, before any JSON parser (a signed webhook) */
  raw?: true;
  /** 201 when it succeeds (it made something) */
  created?: true;
  answer: Answer<unknown>;
};

export function endpoint<const D extends EndpointDef>(def: D): D {
  return def;
}

export type AnswerOf<E> = E extends { answer: Answer<infer T> } ? T : never;

type Shape<P> = { [K in keyof P]: P[K] extends ZodTypeAny ? z.output<P[K]> : never };
type InputShape<P> = { [K in keyof P]: P[K] extends ZodTypeAny ? z.input<P[K]> | number | string : never };

/** What the API's handler of an endpoint receives, parsed. */
export type ParamsOf<E> = E extends { params: infer P } ? Shape<P> : Record<string, never>;
export type QueryOf<E> = E extends { query: infer Q extends ZodTypeAny } ? z.output<Q> : undefined;
export type BodyOf<E> = E extends { body: infer B extends ZodTypeAny } ? z.output<B> : undefined;

/** What a caller of an endpoint gives: path parameters, query and body, each only where the endpoint has one. */
export type CallInput<E> = (E extends { params: infer P } ? { params: InputShape<P> } : { params?: undefined }) &
  (E extends { query: infer Q extends ZodTypeAny } ? { query?: z.input<Q> } : { query?: undefined }) &
  (E extends { body: infer B extends ZodTypeAny }
    ? Record<string, never> extends z.input<B>
      ? { body?: z.input<B> }
      : { body: z.input<B> }
    : { body?: undefined });

/** Whether a call of the endpoint needs input (else `api.call(endpoint)` alone will do). */
export type NeedsInput<E> = E extends { params: unknown }
  ? true
  : E extends { upload: true }
    ? true
    : E extends { body: infer B extends ZodTypeAny }
      ? Record<string, never> extends z.input<B>
        ? false
        : true
      : false;

/** `api/clients/agent/:agentId` with `{agentId: 7}` → `api/clients/agent/7` (each value encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** `"METHOD /path"`, as routers and the authorization matrix name an endpoint. */
export const endpointKey = (e: Pick<EndpointDef, "method" | "path">) => `${e.method} /${e.path}`;
