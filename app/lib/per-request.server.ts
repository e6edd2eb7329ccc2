/**
 * Work done once per incoming request, however many loaders ask (the root's and the page's): the session,
 * the cart. Remix gives each loader its own Request object, so the key is the id server.ts stamps on every
 * incoming request (`x-portal-request`, overwriting whatever a client sent); server.ts drops the entry when
 * the response ends. A request without the id (a loader called directly, in a test) is simply not cached.
 */
export const REQUEST_ID_HEADER = "x-portal-request";

type Cache = Map<string, Map<string, Promise<unknown>>>;
const store = globalThis as typeof globalThis & { __portalRequestCache?: Cache };
export const requestCache: Cache = (store.__portalRequestCache ??= new Map());

export function perRequest<T>(request: Request, key: string, work: () => Promise<T>): Promise<T> {
  const id = request.headers.get(REQUEST_ID_HEADER);
  if (!id) return work();
  let cache = requestCache.get(id);
  if (!cache) {
    cache = new Map();
    requestCache.set(id, cache);
  }
  let hit = cache.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = work();
    cache.set(key, hit);
  }
  return hit;
}
