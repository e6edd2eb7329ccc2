/**
 * How the portal reaches the API: a function from a call (method, path, headers, JSON body) to the API's
 * status and envelope. Over HTTP when the API is elsewhere (API_BASE_URL); in process when it is embedded,
 * through the very same router, with no socket and no JSON round trip (backend/in-process.ts).
 */
export type ApiCall = {
  method: "GET" | "POST";
  /** Relative to the API's base, e.g. "api/cart/list/7" */
  path: string;
  headers: Record<string, string>;
  body?: unknown;
  /** Raw bytes instead of a JSON body (a document's upload), with their type */
  upload?: { bytes: Uint8Array; type: string };
};

/** A file the API hands out (a client's document) instead of an envelope: its bytes, type and name. */
export type ApiFile = { bytes: Uint8Array; type: string; name: string };

export type ApiTransport = (call: ApiCall) => Promise<{ status: number; payload: unknown; file?: ApiFile }>;
