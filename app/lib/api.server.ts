/**
 * The portal's one way to the API (spec §7), over HTTP, typed by the shared contract.
 * It also holds the one mapping of API failures to what the portal does (DESIGN §4):
 * 400 → the API's message and field errors; 401 → the session has expired;
 * 5xx, time-out or an unreachable API → "Server busy", with what the user typed kept.
 */
import { json, redirect } from "@remix-run/node";
import type {
  ApiEnvelope,
  Booking,
  CartItem,
  Mentor,
  MentorProfile,
  Schedule,
  CheckoutSessionState,
  CheckoutStart,
  OpenCheckout,
  Order,
  Client,
  ClientDeleted,
  ClientInput,
  ClientView,
  Country,
  DashboardCounts,
  FieldErrors,
  Job,
  LoginBody,
  LoginData,
  Page,
  Relocation,
  ServicePlan,
  TokencheckData,
} from "../../lib/contract.js";
import { CLIENT_IP_HEADER, signClientIp } from "../../lib/client-ip.js";
import { getSettings } from "../../lib/env.server.js";
import { isPublicPath, signInUrl } from "./paths.js";
import { perRequest } from "./per-request.server.js";
import { replaceSession } from "./session.server.js";
import { makeToast, SERVER_BUSY, type ToastMessage } from "./toast.js";

export { SERVER_BUSY };

export class ApiCallError extends Error {
  constructor(
    /** HTTP status, or 0 when the API could not be reached or did not answer in time */
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
  get unavailable() {
    return this.status === 0 || this.status >= 500;
  }
}

type CallOptions = { method?: "GET" | "POST"; token?: string; body?: unknown; clientIp?: string };

function baseUrl(): string {
  const url = getSettings().apiBaseUrl;
  if (!url) throw new ApiCallError(0, "The API address is not known yet.");
  return url;
}

async function call<T>(path: string, opts: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  // The visitor's address, signed: the API believes no unsigned header for its per-address limits.
  if (opts.clientIp) headers[CLIENT_IP_HEADER] = signClientIp(getSettings().clientIpSecret, opts.clientIp);
  let res: Response;
  try {
    res = await fetch(new URL(path, baseUrl()), {
      method: opts.method ?? "GET",
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(getSettings().apiTimeoutMs),
    });
  } catch {
    throw new ApiCallError(0, SERVER_BUSY);
  }
  let payload: ApiEnvelope<T> | null = null;
  try {
    payload = (await res.json()) as ApiEnvelope<T>;
  } catch {
    payload = null;
  }
  if (res.ok && payload?.status === true) return payload.data;
  // A 5xx, or an answer that is not the contract's envelope, is the API failing: a bad gateway to us.
  if (res.status >= 500 || !payload || payload.status !== false) {
    throw new ApiCallError(res.status >= 500 ? res.status : 502, SERVER_BUSY);
  }
  throw new ApiCallError(res.status, payload.message, payload.errors);
}

let countryCache: { list: Country[]; until: number } | null = null;

export const api = {
  login: (body: LoginBody, clientIp?: string) =>
    call<LoginData>("agent/login", { method: "POST", body, clientIp }),
  tokencheck: (token: string) => call<TokencheckData>("agent/tokencheck", { method: "POST", token, body: {} }),
  logout: (token: string) => call<{ signed_out: true }>("agent/logout", { method: "POST", token, body: {} }),
  cartList: (token: string, agentId: number) => call<CartItem[]>(`api/cart/list/${agentId}`, { token }),
  addCart: (token: string, body: { client_id: number; item_type: "service_plan" | "relocation" | "job"; item_id: number }) =>
    call<CartItem>("agent/addcart", { method: "POST", token, body }),
  jobServices: (token: string, body: { client_id: number; job_id: number }) =>
    call<CartItem>("job/services", { method: "POST", token, body }),
  deleteCart: (token: string, id: number) => call<{ removed: true }>("agent/deletecart", { method: "POST", token, body: { id } }),

  clients: (token: string, agentId: number, query: { q?: string; page?: number; perPage?: number }) =>
    call<Page<Client>>(
      `api/clients/agent/${agentId}${queryString({ q: query.q, page: query.page?.toString(), per_page: query.perPage?.toString() })}`,
      { token },
    ),
  addClient: (token: string, body: ClientInput) => call<Client>("agent/addclient", { method: "POST", token, body }),
  editClient: (token: string, id: number, body: ClientInput) =>
    call<Client>("agent/editClient", { method: "POST", token, body: { ...body, id } }),
  deleteClient: (token: string, id: number) => call<ClientDeleted>(`agent/deleteClient/${id}`, { method: "POST", token, body: {} }),
  viewClient: (token: string, id: number) => call<ClientView>(`agent/viewClient/${id}`, { method: "POST", token, body: {} }),

  /**
   * Reference data, kept by the process for ten minutes once it has arrived. Each caller fetches with its own
   * token until then, so one agent's expired token never fails another's page.
   */
  countries: async (token: string) => {
    if (countryCache && countryCache.until > Date.now()) return countryCache.list;
    const list = await call<Country[]>("api/countrylist", { token });
    countryCache = { list, until: Date.now() + 10 * 60_000 };
    return list;
  },
  jobs: (token: string, filter: { country?: string; q?: string }) =>
    call<Job[]>(`api/jobs${queryString(filter)}`, { token }),
  job: (token: string, id: number) => call<Job>(`api/jobs/${id}`, { token }),
  relocations: (token: string, filter: { country?: string }) =>
    call<Relocation[]>(`api/relocations${queryString(filter)}`, { token }),
  relocation: (token: string, id: number) => call<Relocation>(`api/relocations/${id}`, { token }),
  servicePlans: (token: string, clientId: number) =>
    call<ServicePlan[]>("api/serviceplan", { method: "POST", token, body: { client_id: clientId } }),
  dashboardCounts: (token: string) => call<DashboardCounts>("api/dashboard/counts", { token }),
  createCheckout: (token: string) => call<CheckoutStart>("stripe/create-checkout-session", { method: "POST", token }),
  openCheckout: (token: string) => call<OpenCheckout | null>("stripe/open-checkout", { token }),
  cancelCheckout: (token: string) =>
    call<{ canceled: true; order_id: number }>("stripe/cancel-checkout", { method: "POST", token, body: {} }),
  checkoutSession: (token: string, sessionId: string) =>
    call<CheckoutSessionState>(`stripe/checkout-session/${encodeURIComponent(sessionId)}`, { token }),
  demoComplete: (token: string, sessionId: string) =>
    call<CheckoutSessionState>(`stripe/demo/complete/${encodeURIComponent(sessionId)}`, { method: "POST", token }),
  demoCancel: (token: string, sessionId: string) =>
    call<{ canceled: true }>(`stripe/demo/cancel/${encodeURIComponent(sessionId)}`, { method: "POST", token }),
  orders: (token: string, agentId: number) => call<Order[]>(`api/orders/agent/${agentId}`, { token }),
  order: (token: string, id: number) => call<Order>(`api/orders/${id}`, { token }),
  mentors: (token: string, filter: { expertise?: string; language?: string }) =>
    call<Mentor[]>(`api/mentorlist${queryString(filter)}`, { token }),
  mentor: (token: string, mentorId: number) =>
    call<MentorProfile>("api/Mentoruser/list", { method: "POST", token, body: { mentor_id: mentorId } }),
  schedule: (token: string, body: { mentor_id: number; time_zone: string; week_start?: string }) =>
    call<Schedule>("api/Mentorbooking", { method: "POST", token, body }),
  book: (token: string, body: { mentor_id: number; client_id: string; start: string; topic: string }) =>
    call<Booking>("api/Mentorbooking/book", { method: "POST", token, body }),
  cancelBooking: (token: string, id: number) => call<Booking>("api/Mentorbooking/cancel", { method: "POST", token, body: { id } }),
  bookings: (token: string, agentId: number) => call<Booking[]>(`api/Mentordetails/list/${agentId}`, { token }),
  contact: (body: Record<string, string>, clientIp?: string) =>
    call<{ received: true }>("api/ContactUs", { method: "POST", body, clientIp }),
};

/** The agent's cart, fetched once per request: the badge (root loader) and the cart page share it. */
export function cartOf(request: Request, token: string, agentId: number) {
  return perRequest(request, `cart:${agentId}`, () => api.cartList(token, agentId));
}

function queryString(filter: Record<string, string | undefined>) {
  const params = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => Boolean(e[1])));
  return params.size ? `?${params}` : "";
}

// ---- what the portal does with a failed call --------------------------------

/** The API no longer knows the token: end the portal session and go to sign-in with "Session Expired!". */
export async function expireSession(request: Request): Promise<Response> {
  const headers = await replaceSession(request, (s) => s.flash("toast", makeToast("info", "Session Expired!")));
  const url = new URL(request.url);
  const back = request.method === "GET" && !isPublicPath(url.pathname) ? url.pathname + url.search : null;
  return redirect(signInUrl(back), { headers });
}

/** In a loader: throws the response a failed call should give the page. */
export async function apiLoaderError(error: unknown, request: Request): Promise<never> {
  if (!(error instanceof ApiCallError)) throw error;
  if (error.status === 401) throw await expireSession(request);
  if (error.status === 403 || error.status === 404) throw new Response("Not found", { status: 404 });
  if (error.unavailable) throw new Response(SERVER_BUSY, { status: 503 });
  throw new Response(error.message, { status: error.status });
}

export type FormFailure = {
  formError?: string;
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
  toast?: ToastMessage;
};

/** In an action: the answer for a failed call, keeping what the user typed. */
export async function apiActionError(error: unknown, request: Request, values: Record<string, string>) {
  if (!(error instanceof ApiCallError)) throw error;
  if (error.status === 401) throw await expireSession(request);
  if (error.unavailable) {
    return json<FormFailure>(
      { formError: "The server is busy. Nothing was lost: please try again.", values, toast: makeToast("error", SERVER_BUSY) },
      { status: 503 },
    );
  }
  return json<FormFailure>(
    { formError: error.message, fieldErrors: error.errors, values, toast: makeToast("error", error.message) },
    { status: error.status },
  );
}
