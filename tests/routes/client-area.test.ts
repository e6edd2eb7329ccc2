/**
 * Issue 24's forms below the browser, through the portal's own actions with real Requests: the agent's request for
 * documents (nothing ticked is said beside the list, what was typed kept), sending again, withdrawing and ending
 * access; rejecting a file (a reason required); a client's fresh link at /my/sign-in (a bad address beside the
 * field, any good one the same answer); the link's landing page using it once; and signing out of the client's
 * page, which ends the client's token and comes back to /my/sign-in. Property tests: random fields never give a 5xx.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../lib/contract.js";
import { refusalIn } from "../support/refusal.js";
import {
  agentToken,
  apiAs,
  clientLinkFor,
  clientSession,
  clientSends,
  fixturesAs,
  formRequest,
  newAgent,
  request,
  respond,
  signedInCookie,
} from "../support/route-context.js";

const requests = await import("../../app/routes/_workspace+/clients+/$id.requests.js");
const documentPage = await import("../../app/routes/_workspace+/clients+/$id.documents.$docId._index.js");
const signIn = await import("../../app/routes/my+/sign-in.js");
const link = await import("../../app/routes/my+/link.js");
const my = await import("../../app/routes/my+/_index.js");
const logout = await import("../../app/routes/_auth+/logout.js");

describe("the client's forms in the portal", () => {
  let cookie: string;
  let token: string;
  let clientId: number;
  let docIds: number[];

  beforeAll(async () => {
    const agent = await newAgent("client-forms");
    cookie = await signedInCookie(agent.email, agent.password);
    token = (await agentToken(agent.email, agent.password)).token;
    const make = await fixturesAs(token);
    const client = await make.client({ first_name: "Rosa", last_name: "Forms", email: "rosa-forms@example.com" });
    clientId = client.id;
    docIds = [
      (await make.document(clientId, { title: "Passport scan", file: false })).id,
      (await make.document(clientId, { title: "CV", file: false })).id,
    ];
  });

  const post = (
    fn: Parameters<typeof respond>[0],
    path: string,
    fields: Record<string, string | string[]>,
    params = {},
    as = cookie,
  ) => formRequest(path, fields, as).then((req) => respond(fn, req, params));

  it("asks for documents: nothing ticked is refused beside the list with the word kept; ticked ones are sent", async () => {
    const at = `/clients/${clientId}/requests`;
    const params = { id: String(clientId) };
    const refused = await post(requests.action, at, { intent: "request", message: "Your passport, please" }, params);
    expect(refused.status).toBe(400);
    const failure = await refusalIn(refused);
    expect(failure.fieldErrors.document_ids).toEqual(["Choose at least one document to ask for"]);
    expect(failure.values).toMatchObject({ message: "Your passport, please", document_ids: "" });
    const sent = await post(
      requests.action,
      at,
      { intent: "request", document_ids: docIds.map(String), message: "Both" },
      params,
    );
    expect([sent.status, sent.headers.get("Location")]).toEqual([302, at]);
    const api = await apiAs(token);
    const { requests: list, access } = await api.call(endpoints.documentRequests, { params: { clientId } });
    expect(access.state).toBe("open");
    expect(list[0]!.items.map((i) => i.title)).toEqual(["Passport scan", "CV"]);
    // Sent again, then withdrawn; a made-up id is said as a toast, never a 5xx.
    expect((await post(requests.action, at, { intent: "resend", id: String(list[0]!.id) }, params)).status).toBe(302);
    expect((await post(requests.action, at, { intent: "withdraw", id: String(list[0]!.id) }, params)).status).toBe(302);
    const after = (await api.call(endpoints.documentRequests, { params: { clientId } })).requests[0]!;
    expect(after).toMatchObject({ times_sent: 2, withdrawn_at: expect.any(String) });
    expect((await post(requests.action, at, { intent: "resend", id: "999999" }, params)).status).toBe(302);
    // Ending access.
    expect((await post(requests.action, at, { intent: "end-access" }, params)).status).toBe(302);
    expect((await api.call(endpoints.documentRequests, { params: { clientId } })).access.state).toBe("ended");
  });

  it("rejects a file only with a reason, which is kept when refused", async () => {
    const own = await clientSession(token, clientId, [docIds[1]!]);
    const fileId = await clientSends(own.token, docIds[1]!, "cv.pdf");
    const at = `/clients/${clientId}/documents/${docIds[1]}`;
    const params = { id: String(clientId), docId: String(docIds[1]) };
    const refused = await post(documentPage.action, at, { intent: "reject", file_id: String(fileId), reason: "  " }, params);
    expect(refused.status).toBe(400);
    expect((await refusalIn(refused)).fieldErrors.reason).toEqual(["Reason is required"]);
    const done = await post(documentPage.action, at, { intent: "reject", file_id: String(fileId), reason: "Blurred" }, params);
    expect([done.status, done.headers.get("Location")]).toEqual([302, at]);
    // The same file again: already reviewed, said in the form.
    const again = await post(documentPage.action, at, { intent: "reject", file_id: String(fileId), reason: "Blurred" }, params);
    expect(again.status).toBe(409);
  });

  it("/my/sign-in: a bad address beside the field; any good one the same answer", async () => {
    const bad = await post(signIn.action, "/my/sign-in", { email: "not an address" }, {}, "");
    expect(bad.status).toBe(400);
    expect((await refusalIn(bad)).fieldErrors.email).toEqual(["Enter a valid email address"]);
    for (const email of ["rosa-forms@example.com", "nobody-at-all@example.com"]) {
      const ok = await post(signIn.action, "/my/sign-in", { email }, {}, "");
      expect([ok.status, ok.headers.get("Location")]).toEqual([302, "/my/sign-in?sent=1"]);
    }
  });

  it("the landing page uses a link once; signing out ends the client's token and comes back to /my/sign-in", async () => {
    const api = await apiAs(token);
    const again = await (await fixturesAs(token)).client({ first_name: "Omar", email: "omar-forms@example.com" });
    const doc = await api.call(endpoints.addDocument, { params: { clientId: again.id }, body: { title: "Diploma" } });
    const token1 = await clientLinkFor(token, again.id, [doc.id]);
    const used = await post(link.action, "/my/link", { token: token1 }, {}, "");
    expect([used.status, used.headers.get("Location")]).toEqual([302, "/my"]);
    const session = used.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => !c.endsWith("="))!;
    const page = await respond(my.loader, request("/my", { cookie: session }));
    expect(page.status).toBe(200);
    // The welcome is in the client's language (an Arabic client's in Arabic, their name set apart).
    const arabic = await (
      await fixturesAs(token)
    ).client({ first_name: "Nour", email: "nour-forms@example.com", language: "ar" });
    const hers = await api.call(endpoints.addDocument, { params: { clientId: arabic.id }, body: { title: "Diploma" } });
    const welcomed = await post(link.action, "/my/link", { token: await clientLinkFor(token, arabic.id, [hers.id]) }, {}, "");
    const herSession = welcomed.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => !c.endsWith("="))!;
    const { loader: rootLoader } = await import("../../app/root.js");
    const root = (await (await respond(rootLoader, request("/my", { cookie: herSession }))).json()) as {
      toast: { message: string } | null;
    };
    expect(root.toast?.message).toBe("أهلًا بك، \u2068Nour Client\u2069!");
    const second = await post(link.action, "/my/link", { token: token1 }, {}, "");
    expect(((await second.json()) as { ok: boolean; message: string }).message).toMatch(/expired, was used already/);

    const out = await post(logout.action, "/logout", {}, {}, session);
    expect([out.status, out.headers.get("Location")]).toEqual([302, "/my/sign-in"]);
    // The old session's cookie no longer opens the page.
    const gone = await respond(my.loader, request("/my", { cookie: session }));
    expect([gone.status, gone.headers.get("Location")]).toEqual([302, "/my/sign-in"]);
  });

  it("never answers random fields with a 5xx", async () => {
    const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("", "0", "-1", "1e9", "<b>x</b>", "9".repeat(20)));
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          intent: fc.constantFrom("request", "resend", "withdraw", "end-access", "nonsense"),
          id: text,
          message: text,
        }),
        fc.array(text, { maxLength: 4 }),
        async (fields, ids) => {
          const res = await post(
            requests.action,
            `/clients/${clientId}/requests`,
            { ...fields, document_ids: ids },
            { id: String(clientId) },
          );
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 40 },
    );
    await fc.assert(
      fc.asyncProperty(text, async (t) => {
        expect((await post(link.action, "/my/link", { token: t }, {}, "")).status).toBeLessThan(500);
        expect((await post(signIn.action, "/my/sign-in", { email: t }, {}, "")).status).toBeLessThan(500);
      }),
      { numRuns: 30 },
    );
  });
});
