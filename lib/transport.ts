/**
 * How the portal reaches the API: a function from a call (method, path, headers, JSON body) to the API's
 * status and envelope. Over HTTP when the API is elsewhere (API_BASE_URL); in process when it is embedded,
 * straight to the endpoint's own walk, with no socket, no made-up request and no JSON round trip
 * (backend/in-process.ts).
 */
export type ApiCall = {
  method: "GET" | "POST";
  /** Relative to the API's base, e.g. "api/cart/list/7" */
  path: string;
  headers: Record<string, string>;
  body?: unknown;
  /**
   * A document's upload instead of a JSON body, with its type: its bytes, or (what the portal sends) a file it
   * has spooled to disk, handed over by path in process and streamed from disk over HTTP, never read into memory
   */
  upload?: { bytes: Uint8Array; type: string } | { file: UploadFile; type: string };
  /**
   * The portal's request this call serves (one object per request and token). In process, the calls of one request
   * that only read share one check of their token; a call that changes something checks it afresh and ends the
   * sharing. Over HTTP it is not sent.
   */
  scope?: object;
};

/** A spooled upload as a call carries it (lib/spool.ts): where it is, how big, its first bytes and its digest. */
export type UploadFile = { path: string; size: number; head: Uint8Array; sha256: string };

/** A file the API hands out (a client's document) instead of an envelope: its bytes, type and name. */
export type ApiFile = { bytes: Uint8Array; type: string; name: string };

export type ApiTransport = (call: ApiCall) => Promise<{ status: number; payload: unknown; file?: ApiFile }>;
