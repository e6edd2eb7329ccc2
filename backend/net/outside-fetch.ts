/**
 * A call to an address a person gave the portal (a mentor's CalDAV server; later an owner's webhook): the
 * private-address guard, a deadline and a bound on what comes back (DEVELOPERS.md, "Standards").
 *
 * - **The guard.** The name is resolved once per connection and every address it gives is weighed: loopback,
 *   private, link-local, unique-local, carrier-grade NAT, multicast, unspecified and reserved ranges are refused
 *   (IPv4-mapped IPv6 read as IPv4). The connection is made to the address that was weighed (undici's `lookup`),
 *   so a name that answers a public address to the check and a private one to the connection (DNS rebinding)
 *   gains nothing. An address written as digits is weighed the same way, as is every redirect (followed by hand:
 *   `redirect: "manual"` unless the caller asks otherwise, each hop a new call through the guard).
 *   `allowPrivate` turns it off (tests against a server on this machine, an intranet's own calendar server).
 * - **The deadline.** The whole call, answer read included, ends at `timeoutMs`.
 * - **The bound.** An answer longer than `maxBytes` is cut with an error rather than buffered.
 */
import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";
import { Agent, fetch as undiciFetch, type RequestInit as UndiciInit } from "undici";

/** Refused before anything was sent: the address is not one the portal calls. */
export class BlockedAddress extends Error {
  readonly code = "outside.private_address";
  constructor(readonly host: string) {
    super(`${host} is a private or local address; the portal does not call it`);
  }
}

/** Whether an IP address is one the portal may call: public unicast only. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === "unicast";
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** dns.lookup with every address weighed before the connection is made to one of them. */
function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback) {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as dns.LookupAddress[];
    if (!list.length || list.some((a) => !isPublicAddress(a.address))) {
      return callback(Object.assign(new BlockedAddress(hostname), { errno: -1 }) as unknown as NodeJS.ErrnoException, []);
    }
    if (options.all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}

export type OutsideFetchOptions = {
  /** Let private and local addresses through (tests, an intranet) */
  allowPrivate?: boolean;
  /** The whole call's deadline, in milliseconds (10 s) */
  timeoutMs?: number;
  /** The most bytes of an answer read (5 MiB) */
  maxBytes?: number;
};

/**
 * A `fetch` for addresses people give: the guard, the deadline and the bound above. Its shape is the platform's, so
 * a library that takes a `fetch` (tsdav) uses it for every request it makes.
 */
export function outsideFetch(opts: OutsideFetchOptions = {}): typeof globalThis.fetch {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const maxBytes = opts.maxBytes ?? 5 * 1024 * 1024;
  const agent = new Agent({
    connect: opts.allowPrivate ? { timeout: timeoutMs } : { timeout: timeoutMs, lookup: guardedLookup },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const call = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new TypeError(`Not a web address: ${url.protocol}`);
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (!opts.allowPrivate && net.isIP(host) && !isPublicAddress(host)) throw new BlockedAddress(host);
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    const answer = await undiciFetch(url, {
      ...(init as UndiciInit),
      redirect: init.redirect ?? "manual",
      signal,
      dispatcher: agent,
    } as UndiciInit);
    const length = Number(answer.headers.get("content-length") ?? 0);
    if (length > maxBytes) {
      await answer.body?.cancel().catch(() => undefined);
      throw new RangeError(`The answer is ${length} bytes, more than the ${maxBytes} read`);
    }
    if (!answer.body || [101, 204, 205, 304].includes(answer.status)) return answer as unknown as Response;
    let seen = 0;
    const bounded = (answer.body as unknown as ReadableStream<Uint8Array>).pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > maxBytes) controller.error(new RangeError(`The answer is longer than the ${maxBytes} bytes read`));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(bounded as unknown as ReadableStream, {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers as unknown as Headers,
    });
  };
  return call as typeof globalThis.fetch;
}
