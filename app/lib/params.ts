/** A route's numeric id; anything else is a 404, never a 500. */
export function routeId(raw: string | undefined): number {
  const id = Number(raw);
  if (!raw || !/^\d{1,9}$/.test(raw) || !Number.isSafeInteger(id) || id < 1) {
    throw new Response("Not found", { status: 404 });
  }
  return id;
}
