/**
 * The portal's one way to the API (spec §7), typed by the shared contract, over either transport: in
 * process to the embedded API, or HTTP to API_BASE_URL (lib/transport.ts).
 * It also holds the one mapping of API failures to what the portal does (DESIGN §4):
 * 400 → the API's message and field errors; 401 → the session has expired;
 * 5xx, time-out or an unreachable API → "Server busy", with what the user typed kept.
 */
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { json, redirect, type AppLoadContext } from "@remix-run/node";
import contentDisposition from "content-disposition";
import { CLIENT_IP_HEADER, signClientIp } from "../../lib/client-ip.js";
import type {
  AccountData,
  AttentionItem,
  OutboxEntry,
  AuditEntry,
  OfficePlan,
  OfficeRelocation,
  PlanInput,
  RelocationInput,
  OfficeAgentDetail,
  OfficeBooking,
  OfficeOrder,
  MentorInput,
  OfficeMentor,
  JobInput,
  OfficeJob,
  ContactMessage,
  NewAgentBody,
  NewAgentData,
  OfficeAgent,
  OfficeOverview,
  PasswordLinkInfo,
  PasswordSet,
  StaffLoginData,
  StaffPublic,
  AgentPublic,
  AgentSettingsBody,
  ApiEnvelope,
  Booking,
  CartItem,
  MentorListItem,
  MentorProfile,
  Schedule,
  CheckoutSessionState,
  CheckoutStart,
  OpenCheckout,
  Order,
  Client,
  ClientDeleted,
  ClientDocument,
  DocumentDetail,
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
import { getSettings } from "../../lib/env.server.js";
import type { ApiCall, ApiFile, ApiTransport, UploadFile } from "../../lib/transport.js";
import { memo } from "./context.server.js";
import { isPublicPath, signInUrl } from "./paths.js";
import { replaceSession } from "./session.server.js";
import { makeToast, SERVER_BUSY, type ToastMessage } from "./toast.js";
import { redirectWithToast } from "./toast.server.js";

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

type CallOptions = { method?: "GET" | "POST"; body?: unknown; upload?: ApiCall["upload"] };

/** An HTTP transport to the API at `baseUrl` (API_BASE_URL), with the portal's time-out. */
export function httpTransport(baseUrl: string, timeoutMs: number): ApiTransport {
  return async ({ method, path, headers, body, upload }) => {
    let res: Response;
    try {
      res = await fetch(new URL(path, baseUrl), {
        method,
        headers: {
          ...headers,
          Accept: "application/json",
          ...(upload ? { "Content-Type": upload.type } : body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(upload && "file" in upload ? { "Content-Length": String(upload.file.size) } : {}),
        },
        // A spooled upload streams from its file, never read whole into memory.
        body: upload
          ? "file" in upload
            ? (Readable.toWeb(createReadStream(upload.file.path)) as unknown as BodyInit)
            : (upload.bytes as unknown as BodyInit)
          : body === undefined
            ? undefined
            : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        ...(upload && "file" in upload ? { duplex: "half" } : {}),
      } as RequestInit);
    } catch {
      throw new ApiCallError(0, SERVER_BUSY);
    }
    // A download (a client's document) is the file itself, named by its Content-Disposition.
    const disposition = res.headers.get("content-disposition");
    if (res.ok && disposition?.startsWith("attachment")) {
      try {
        const bytes = new Uint8Array(await res.arrayBuffer());
        const name = contentDisposition.parse(disposition).parameters.filename ?? "document";
        return {
          status: res.status,
          payload: null,
          file: { bytes, type: res.headers.get("content-type") ?? "application/octet-stream", name },
        };
      } catch {
        throw new ApiCallError(0, SERVER_BUSY);
      }
    }
    let payload: unknown = null;
    try {
      payload = await res.json();
    } catch {
      payload = null;
    }
    return { status: res.status, payload };
  };
}

/**
 * The error for an answer that is not a success: the API's message and field errors, or, for a 5xx or an answer
 * that is not the contract's envelope (the API failing: a bad gateway to us), "Server busy".
 */
function failure(status: number, envelope: ApiEnvelope<unknown> | null) {
  if (status >= 500 || !envelope || envelope.status !== false) return new ApiCallError(status >= 500 ? status : 502, SERVER_BUSY);
  return new ApiCallError(status, envelope.message, envelope.errors);
}

let countryCache: { list: Country[]; until: number } | null = null;

/**
 * The API's calls (spec §7), bound to one transport, one token (or none) and the visitor's address. The
 * same contract, token check, authorization and error envelope whichever the transport.
 */
export function createApiClient(transport: ApiTransport, auth: { token?: string | null; clientIp?: string | null } = {}) {
  const headers: Record<string, string> = {};
  if (auth.token) headers.Authorization = `Bearer ${auth.token}`;
  // The visitor's address, signed: the API believes no unsigned header for its per-address limits.
  if (auth.clientIp) headers[CLIENT_IP_HEADER] = signClientIp(getSettings().clientIpSecret, auth.clientIp);

  async function call<T>(path: string, opts: CallOptions = {}): Promise<T> {
    const { status, payload } = await transport({
      method: opts.method ?? "GET",
      path,
      headers,
      body: opts.body,
      upload: opts.upload,
    });
    const envelope = payload as ApiEnvelope<T> | null;
    if (status < 300 && envelope?.status === true) return envelope.data;
    throw failure(status, envelope);
  }

  return {
    login: (body: LoginBody) => call<LoginData>("agent/login", { method: "POST", body }),
    tokencheck: () => call<TokencheckData>("agent/tokencheck", { method: "POST", body: {} }),
    logout: () => call<{ signed_out: true }>("agent/logout", { method: "POST", body: {} }),
    saveSettings: (body: AgentSettingsBody) => call<AgentPublic>("agent/settings", { method: "POST", body }),
    // The back office (a staff token), and the public set-password links.
    officeLogin: (body: LoginBody) => call<StaffLoginData>("office/login", { method: "POST", body }),
    officeMe: () => call<{ staff: StaffPublic }>("office/me", { method: "POST", body: {} }),
    officeLogout: () => call<{ signed_out: true }>("office/logout", { method: "POST", body: {} }),
    officeOverview: () => call<OfficeOverview>("office/overview"),
    officeMessages: (query: { status?: string; q?: string; page?: number }) =>
      call<Page<ContactMessage>>(
        `office/messages${queryString({ status: query.status, q: query.q, page: query.page?.toString() })}`,
      ),
    markMessageHandled: (id: number) => call<{ handled: true }>(`office/messages/${id}/handled`, { method: "POST", body: {} }),
    officeAgents: (query: { q?: string; page?: number }) =>
      call<Page<OfficeAgent>>(`office/agents${queryString({ q: query.q, page: query.page?.toString() })}`),
    officeAgent: (id: number) => call<OfficeAgent>(`office/agents/${id}`),
    officeAgentDetail: (id: number) => call<OfficeAgentDetail>(`office/agents/${id}/detail`),
    createAgent: (body: NewAgentBody) => call<NewAgentData>("office/agents", { method: "POST", body }),
    setAgentActive: (id: number, active: boolean) =>
      call<OfficeAgent>(`office/agents/${id}/active`, { method: "POST", body: { active } }),
    agentPasswordLink: (id: number) =>
      call<{ password_link: string; link_expires_at: string }>(`office/agents/${id}/password-link`, { method: "POST", body: {} }),
    officeJobs: (query: { q?: string; page?: number }) =>
      call<Page<OfficeJob>>(`office/jobs${queryString({ q: query.q, page: query.page?.toString() })}`),
    officeCountries: () => call<Country[]>("office/countries"),
    officeJob: (id: number) => call<OfficeJob>(`office/jobs/${id}`),
    createJob: (body: JobInput) => call<OfficeJob>("office/jobs", { method: "POST", body }),
    editJob: (id: number, body: JobInput) => call<OfficeJob>(`office/jobs/${id}`, { method: "POST", body }),
    setJobPublished: (id: number, published: boolean) =>
      call<OfficeJob>(`office/jobs/${id}/published`, { method: "POST", body: { published } }),
    officeRelocations: () => call<OfficeRelocation[]>("office/relocations"),
    officeRelocation: (id: number) => call<OfficeRelocation>(`office/relocations/${id}`),
    saveRelocation: (id: number | null, body: RelocationInput) =>
      call<OfficeRelocation>(id ? `office/relocations/${id}` : "office/relocations", { method: "POST", body }),
    setRelocationPublished: (id: number, published: boolean) =>
      call<OfficeRelocation>(`office/relocations/${id}/published`, { method: "POST", body: { published } }),
    officePlans: () => call<OfficePlan[]>("office/plans"),
    officePlan: (id: number) => call<OfficePlan>(`office/plans/${id}`),
    savePlan: (id: number | null, body: PlanInput) =>
      call<OfficePlan>(id ? `office/plans/${id}` : "office/plans", { method: "POST", body }),
    setPlanPublished: (id: number, published: boolean) =>
      call<OfficePlan>(`office/plans/${id}/published`, { method: "POST", body: { published } }),
    officeMentors: () => call<OfficeMentor[]>("office/mentors"),
    officeMentor: (id: number) => call<OfficeMentor>(`office/mentors/${id}`),
    createMentor: (body: MentorInput) => call<OfficeMentor>("office/mentors", { method: "POST", body }),
    editMentor: (id: number, body: MentorInput) => call<OfficeMentor>(`office/mentors/${id}`, { method: "POST", body }),
    setMentorActive: (id: number, active: boolean) =>
      call<OfficeMentor>(`office/mentors/${id}/active`, { method: "POST", body: { active } }),
    officeOrders: (query: { status?: string; agent?: string; refund?: string; from?: string; to?: string; page?: number }) =>
      call<Page<OfficeOrder>>(`office/orders${queryString({ ...query, page: query.page?.toString() })}`),
    officeOrder: (id: number) => call<OfficeOrder>(`office/orders/${id}`),
    reviewOrder: (id: number, note: string) =>
      call<OfficeOrder>(`office/orders/${id}/review`, { method: "POST", body: { note } }),
    refundOrder: (id: number, body: { item_ids?: number[]; note: string }) =>
      call<OfficeOrder>(`office/orders/${id}/refund`, { method: "POST", body }),
    retryRefunds: (id: number) => call<OfficeOrder>(`office/orders/${id}/retry-refunds`, { method: "POST", body: {} }),
    officeBookings: (query: { mentor?: number; from?: string; days?: number; holds?: "lapsing" }) =>
      call<{ from: string; days: number; holds: "lapsing" | null; items: OfficeBooking[] }>(
        `office/bookings${queryString({ mentor: query.mentor?.toString(), from: query.from, days: query.days?.toString(), holds: query.holds })}`,
      ),
    cancelForAgent: (id: number) => call<Booking>(`office/bookings/${id}/cancel`, { method: "POST", body: {} }),
    officeAudit: (query: { kind?: string; staff?: string; page?: number }) =>
      call<Page<AuditEntry>>(
        `office/audit${queryString({ kind: query.kind, staff: query.staff, page: query.page?.toString() })}`,
      ),
    passwordCheck: (token: string) => call<PasswordLinkInfo>("password/check", { method: "POST", body: { token } }),
    forgotPassword: (email: string) => call<{ sent: true }>("agent/forgot-password", { method: "POST", body: { email } }),
    // One's own account: `agent/…` with an agent's token, `office/…` with a staff member's.
    account: (kind: "agent" | "staff") => call<AccountData>(`${accountPrefix[kind]}/account`),
    saveAccount: (kind: "agent" | "staff", body: { name: string; phone?: string | null; time_zone: string }) =>
      call<AccountData>(`${accountPrefix[kind]}/account`, { method: "POST", body }),
    changePassword: (kind: "agent" | "staff", body: { current_password: string; new_password: string }) =>
      call<{ changed: true; signed_out: number }>(`${accountPrefix[kind]}/password`, { method: "POST", body }),
    signOutOthers: (kind: "agent" | "staff") =>
      call<{ signed_out: number }>(`${accountPrefix[kind]}/sign-out-others`, { method: "POST", body: {} }),
    officeOutbox: (query: { status?: string; page?: number }) =>
      call<Page<OutboxEntry>>(`office/outbox${queryString({ status: query.status, page: query.page?.toString() })}`),
    retryOutbox: (id: number) => call<{ retried: true }>(`office/outbox/${id}/retry`, { method: "POST", body: {} }),
    passwordSet: (body: { token: string; password: string }) => call<PasswordSet>("password/set", { method: "POST", body }),
    cartList: (agentId: number) => call<CartItem[]>(`api/cart/list/${agentId}`),
    addCart: (body: { client_id: number; item_type: "service_plan" | "relocation" | "job"; item_id: number }) =>
      call<CartItem>("agent/addcart", { method: "POST", body }),
    jobServices: (body: { client_id: number; job_id: number }) => call<CartItem>("job/services", { method: "POST", body }),
    deleteCart: (id: number) => call<{ removed: true }>("agent/deletecart", { method: "POST", body: { id } }),

    clients: (agentId: number, query: ClientListFilter & { page?: number; perPage?: number }) =>
      call<Page<Client>>(
        `api/clients/agent/${agentId}${queryString({
          q: query.q,
          sort: query.sort,
          dir: query.dir,
          status: query.status,
          destination: query.destination,
          attention: query.attention,
          page: query.page?.toString(),
          per_page: query.perPage?.toString(),
        })}`,
      ),
    addNote: (clientId: number, body: string) =>
      call<{ id: number; body: string; created_at: string }>(`agent/clients/${clientId}/notes`, {
        method: "POST",
        body: { body },
      }),
    addClient: (body: ClientInput) => call<Client>("agent/addclient", { method: "POST", body }),
    editClient: (id: number, body: ClientInput) => call<Client>("agent/editClient", { method: "POST", body: { ...body, id } }),
    deleteClient: (id: number) => call<ClientDeleted>(`agent/deleteClient/${id}`, { method: "POST", body: {} }),
    clientDocuments: (clientId: number) => call<ClientDocument[]>(`api/clients/${clientId}/documents`),
    clientDocument: (clientId: number, documentId: number) =>
      call<DocumentDetail>(`api/clients/${clientId}/documents/${documentId}`),
    addDocument: (clientId: number, title: string) =>
      call<DocumentDetail>(`agent/clients/${clientId}/documents`, { method: "POST", body: { title } }),
    uploadDocument: (
      clientId: number,
      documentId: number,
      upload: { file: UploadFile; type: string; name: string; expires_on?: string | null },
    ) =>
      call<DocumentDetail>(
        `agent/clients/${clientId}/documents/${documentId}/file${queryString({ name: upload.name, expires_on: upload.expires_on ?? undefined })}`,
        { method: "POST", upload: { file: upload.file, type: upload.type || "application/octet-stream" } },
      ),
    acceptDocument: (clientId: number, documentId: number, fileId: number) =>
      call<DocumentDetail>(`agent/clients/${clientId}/documents/${documentId}/accept`, {
        method: "POST",
        body: { file_id: fileId },
      }),
    setDocumentExpiry: (clientId: number, documentId: number, expiresOn: string | null) =>
      call<DocumentDetail>(`agent/clients/${clientId}/documents/${documentId}/expiry`, {
        method: "POST",
        body: { expires_on: expiresOn },
      }),
    /** A document's file: its bytes, type and name (an attachment, never an envelope). */
    downloadDocument: async (clientId: number, documentId: number, fileId: number): Promise<ApiFile> => {
      const answer = await transport({
        method: "GET",
        path: `api/clients/${clientId}/documents/${documentId}/files/${fileId}`,
        headers,
      });
      if (answer.file) return answer.file;
      throw failure(answer.status, answer.payload as ApiEnvelope<unknown> | null);
    },
    viewClient: (id: number) => call<ClientView>(`agent/viewClient/${id}`, { method: "POST", body: {} }),

    /**
     * Reference data, kept by the process for ten minutes once it has arrived. Each caller fetches with its own
     * token until then, so one agent's expired token never fails another's page.
     */
    countries: async () => {
      if (countryCache && countryCache.until > Date.now()) return countryCache.list;
      const list = await call<Country[]>("api/countrylist");
      countryCache = { list, until: Date.now() + 10 * 60_000 };
      return list;
    },
    jobs: (filter: { country?: string; q?: string }) => call<Job[]>(`api/jobs${queryString(filter)}`),
    job: (id: number) => call<Job>(`api/jobs/${id}`),
    relocations: (filter: { country?: string }) => call<Relocation[]>(`api/relocations${queryString(filter)}`),
    relocation: (id: number) => call<Relocation>(`api/relocations/${id}`),
    servicePlans: (clientId: number) => call<ServicePlan[]>("api/serviceplan", { method: "POST", body: { client_id: clientId } }),
    dashboardCounts: () => call<DashboardCounts>("api/dashboard/counts"),
    attention: () => call<AttentionItem[]>("api/dashboard/attention"),
    createCheckout: () => call<CheckoutStart>("stripe/create-checkout-session", { method: "POST" }),
    openCheckout: () => call<OpenCheckout | null>("stripe/open-checkout"),
    cancelCheckout: () => call<{ canceled: true; order_id: number }>("stripe/cancel-checkout", { method: "POST", body: {} }),
    checkoutSession: (sessionId: string) =>
      call<CheckoutSessionState>(`stripe/checkout-session/${encodeURIComponent(sessionId)}`),
    demoComplete: (sessionId: string) =>
      call<CheckoutSessionState>(`stripe/demo/complete/${encodeURIComponent(sessionId)}`, { method: "POST" }),
    demoCancel: (sessionId: string) =>
      call<{ canceled: true }>(`stripe/demo/cancel/${encodeURIComponent(sessionId)}`, { method: "POST" }),
    orders: (agentId: number) => call<Order[]>(`api/orders/agent/${agentId}`),
    order: (id: number) => call<Order>(`api/orders/${id}`),
    mentors: (filter: { expertise?: string; language?: string }) =>
      call<MentorListItem[]>(`api/mentorlist${queryString(filter)}`),
    mentor: (mentorId: number) => call<MentorProfile>("api/Mentoruser/list", { method: "POST", body: { mentor_id: mentorId } }),
    schedule: (body: { mentor_id: number; time_zone: string; week_start?: string }) =>
      call<Schedule>("api/Mentorbooking", { method: "POST", body }),
    book: (body: { mentor_id: number; client_id: string; start: string; topic: string }) =>
      call<Booking>("api/Mentorbooking/book", { method: "POST", body }),
    cancelBooking: (id: number) => call<Booking>("api/Mentorbooking/cancel", { method: "POST", body: { id } }),
    bookings: (agentId: number) => call<Booking[]>(`api/Mentordetails/list/${agentId}`),
    contact: (body: Record<string, string>) => call<{ received: true }>("api/ContactUs", { method: "POST", body }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The agent's cart, fetched once per request: the badge (root loader) and the cart page share it. */
export function cartOf(context: AppLoadContext, api: ApiClient, agentId: number) {
  return memo(context, `cart:${agentId}`, () => api.cartList(agentId));
}

const accountPrefix = { agent: "agent", staff: "office" } as const;

/** The clients list's search, sort and filters, as the page's query string has them (all optional). */
export type ClientListFilter = {
  q?: string;
  sort?: string;
  dir?: string;
  status?: string;
  destination?: string;
  attention?: string;
};

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

/** In an action that answers with a redirect: back to `to`, with the API's reason as an error toast. */
export async function apiRedirectError(error: unknown, request: Request, to: string): Promise<Response> {
  if (!(error instanceof ApiCallError)) throw error;
  if (error.status === 401) throw await expireSession(request);
  return redirectWithToast(request, to, { type: "error", message: error.unavailable ? SERVER_BUSY : error.message });
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
  // Said once, in the form: beside each field, with one summary above; not again as a toast.
  return json<FormFailure>({ formError: error.message, fieldErrors: error.errors, values }, { status: error.status });
}
