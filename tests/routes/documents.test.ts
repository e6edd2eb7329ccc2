/**
 * A document's upload through the portal's own actions, called directly with a real multipart Request: the page's
 * action (the form without JavaScript) and the upload route (the same form sent by script). Property tests: random
 * bytes and hostile names never give a 500, and a file is stored exactly when the answer says so.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { asResponse } from "../../app/lib/forms.server.js";
import { MAX_FORM_PARTS, TOO_MANY_PARTS } from "../../lib/documents.js";
import { spoolDir } from "../../lib/spool.js";
import { pdfBytes, pngBytes } from "../support/files.js";
import { refusalIn } from "../support/refusal.js";
import { loadContext, request, signedInCookie } from "../support/route-context.js";

const page = await import("../../app/routes/_workspace+/clients+/$id.documents.$docId._index.js");
const xhr = await import("../../app/routes/_workspace+/clients+/$id.documents.$docId.upload.js");
const { csrf } = await import("../../app/lib/security.server.js");

describe("uploading a document through the portal", () => {
  let cookie: string;
  let csrfToken: string;
  let clientId: number;
  let docId: number;
  const transport = () => loadContext().apiTransport!;
  let auth: Record<string, string>;

  beforeAll(async () => {
    const session = await signedInCookie();
    const [token, csrfCookie] = await csrf.commitToken();
    csrfToken = token;
    cookie = `${session}; ${csrfCookie!.split(";")[0]}`;
    const login = await transport()({
      method: "POST",
      path: "agent/login",
      headers: {},
      body: { email: "demo@example.com", password: "demo-password" },
    });
    auth = { Authorization: `Bearer ${(login.payload as { data: { token: string } }).data.token}` };
    const client = await transport()({
      method: "POST",
      path: "agent/addclient",
      headers: auth,
      body: { first_name: "Route", last_name: "Upload", email: "route-upload@example.com" },
    });
    clientId = (client.payload as { data: { id: number } }).data.id;
    const doc = await transport()({
      method: "POST",
      path: `agent/clients/${clientId}/documents`,
      headers: auth,
      body: { title: "Lease" },
    });
    docId = (doc.payload as { data: { id: number } }).data.id;
  });

  const fileCount = async () =>
    (
      (await transport()({ method: "GET", path: `api/clients/${clientId}/documents/${docId}`, headers: auth })).payload as {
        data: { files: unknown[] };
      }
    ).data.files.length;

  function form(
    file: { bytes: Uint8Array; name: string; type?: string } | null,
    fields: Record<string, string> = {},
    withToken = true,
  ) {
    const data = new FormData();
    if (withToken) data.set("csrf", csrfToken);
    for (const [k, v] of Object.entries(fields)) data.set(k, v);
    data.set(
      "file",
      file ? new File([file.bytes as BlobPart], file.name, { type: file.type ?? "application/pdf" }) : new File([], ""),
    );
    return data;
  }
  const post = (path: string, body: FormData) => request(path, { method: "POST", cookie, body });
  const params = () => ({ id: String(clientId), docId: String(docId) });
  async function viaPage(body: FormData) {
    return page
      .action({ request: post(`/clients/${clientId}/documents/${docId}`, body), context: loadContext(), params: params() })
      .then(asResponse, (r: unknown) => r as Response);
  }
  async function viaScript(body: FormData) {
    return xhr.action({
      request: post(`/clients/${clientId}/documents/${docId}/upload`, body),
      context: loadContext(),
      params: params(),
    });
  }

  it("stores a PDF and returns to the checklist; the script's route says where to go", async () => {
    const before = await fileCount();
    const done = await viaPage(form({ bytes: pdfBytes("lease"), name: "lease.pdf" }, { expires_on: "2030-01-31" }));
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/clients/${clientId}#documents`);
    const scripted = await viaScript(form({ bytes: pngBytes, name: "C:\\scans\\lease page 2.png", type: "image/png" }));
    expect(await scripted.json()).toEqual({ redirectTo: `/clients/${clientId}#documents` });
    expect(scripted.headers.get("Set-Cookie")).toContain("__session");
    expect(await fileCount()).toBe(before + 2);
    const detail = (await transport()({ method: "GET", path: `api/clients/${clientId}/documents/${docId}`, headers: auth }))
      .payload as {
      data: { expires_on: string; files: Array<{ file_name: string; content_type: string }> };
    };
    expect(detail.data.expires_on).toBe("2030-01-31");
    expect(detail.data.files.map((f) => [f.file_name, f.content_type])).toEqual([
      ["lease page 2.png", "image/png"],
      ["lease.pdf", "application/pdf"],
    ]);
  });

  it("refuses a wrong type, no file, an empty one, one over 10 MB and a bad date beside the field, keeping the date typed", async () => {
    const before = await fileCount();
    const cases: Array<[FormData, string, string]> = [
      [
        form({ bytes: Buffer.from("just text, named like a PDF"), name: "lease.pdf" }, { expires_on: "2031-05-01" }),
        "file",
        "The file must be a PDF, JPEG or PNG (this one is not, whatever its name says).",
      ],
      [form(null, { expires_on: "2031-05-01" }), "file", "Choose a file to upload."],
      [form({ bytes: new Uint8Array(0), name: "empty.pdf" }, { expires_on: "2031-05-01" }), "file", "The file is empty."],
      [
        form({ bytes: pdfBytes("big", 10 * 1024 * 1024 + 1), name: "big.pdf" }, { expires_on: "2031-05-01" }),
        "file",
        "The file is larger than 10 MB. Choose a smaller one (a scan at 150–300 dpi is plenty).",
      ],
      [form({ bytes: pdfBytes("x"), name: "ok.pdf" }, { expires_on: "2031-02-30" }), "expires_on", "Enter a real date"],
    ];
    for (const [body, field, message] of cases) {
      const answer = await viaPage(body);
      expect(answer.status, message).toBe(400);
      const failure = await refusalIn(answer);
      expect(failure.fieldErrors[field]).toEqual([message]);
      expect(failure.values.expires_on).toMatch(/^2031-0/);
    }
    expect(await fileCount()).toBe(before);
  });

  it("sets the expiry from its own form, and a bad date is said beside that form's field, not the upload's", async () => {
    const post = (fields: Record<string, string>) => {
      const body = new URLSearchParams({ csrf: csrfToken, ...fields });
      return page
        .action({
          request: request(`/clients/${clientId}/documents/${docId}`, {
            method: "POST",
            cookie,
            body,
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
          }),
          context: loadContext(),
          params: params(),
        })
        .then(asResponse);
    };
    const bad = await post({ intent: "expiry", expires_on: "2031-02-30" });
    expect(bad.status).toBe(400);
    const refusal = await refusalIn(bad);
    expect(refusal.raw.form).toBe("expiry");
    expect(refusal).toMatchObject({
      values: { intent: "expiry", expires_on: "2031-02-30" },
      fieldErrors: { expires_on: ["Enter a real date"] },
    });
    const ok = await post({ intent: "expiry", expires_on: "2031-03-01" });
    expect(ok.status).toBe(302);
    const detail = (await transport()({ method: "GET", path: `api/clients/${clientId}/documents/${docId}`, headers: auth }))
      .payload as {
      data: { expires_on: string };
    };
    expect(detail.data.expires_on).toBe("2031-03-01");
  });

  it("answers a form without its token, or a body that is not a form, without storing anything", async () => {
    const before = await fileCount();
    expect((await viaPage(form({ bytes: pdfBytes(), name: "a.pdf" }, {}, false))).status).toBe(403);
    const notForm = await page
      .action({
        request: request(`/clients/${clientId}/documents/${docId}`, {
          method: "POST",
          cookie,
          body: "--x\r\nbroken",
          headers: { "Content-Type": "multipart/form-data; boundary=x" },
        }),
        context: loadContext(),
        params: params(),
      })
      .then(asResponse, (r: unknown) => r as Response);
    expect([400, 403]).toContain(notForm.status);
    const scripted = await viaScript(form({ bytes: pdfBytes(), name: "a.pdf" }, {}, false));
    expect(scripted.status).toBe(403);
    expect((await refusalIn(scripted)).formError).toBe("This form has expired. Reload the page and try again.");
    expect(await fileCount()).toBe(before);
  });

  it("stops reading a form of thousands of tiny parts at the first one too many: a 413 that says so, nothing stored", async () => {
    const before = await fileCount();
    const many = form({ bytes: pdfBytes(), name: "a.pdf" });
    for (let i = 0; i < 20_000; i++) many.append(`p${i}`, "x");
    const answer = await viaPage(many);
    expect(answer.status).toBe(413);
    // Thrown with its code: the error page says it in the page's words (app/lib/refusal-keys.ts).
    expect(await answer.text()).toBe("upload.too_many_parts");
    // The upload route a script posts to reads the same way, in words.
    const scripted = await viaScript(many).then(asResponse, (r: unknown) => r as Response);
    expect(scripted.status).toBe(413);
    expect((await refusalIn(scripted)).formError).toBe(TOO_MANY_PARTS);
    // Just under the bound, the same file is taken.
    const some = form({ bytes: pdfBytes(), name: "a.pdf" });
    for (let i = 0; i < MAX_FORM_PARTS - 3; i++) some.append(`p${i}`, "x");
    expect((await viaPage(some)).status).toBe(302);
    expect(await fileCount()).toBe(before + 1);
  });

  it("never answers random bytes and hostile names with a 500, and stores exactly what it says it stored", async () => {
    const heads = fc.constantFrom(
      Buffer.from("%PDF-1.5\n"),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from("GIF87a"),
      Buffer.alloc(0),
    );
    const names = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom(
        "../../../etc/passwd",
        "..\\..\\boot.ini",
        "/",
        "CON",
        "a\u0000b.pdf",
        "<script>.pdf",
        "🙂".repeat(40),
        "x".repeat(300),
      ),
    );
    await fc.assert(
      fc.asyncProperty(heads, fc.uint8Array({ maxLength: 2000 }), names, async (head, tail, name) => {
        const before = await fileCount();
        const answer = await viaPage(form({ bytes: Buffer.concat([head, Buffer.from(tail)]), name }));
        expect([302, 400]).toContain(answer.status);
        expect(await fileCount()).toBe(answer.status === 302 ? before + 1 : before);
      }),
      { numRuns: 30 },
    );
  });
  it("spools the file to a temporary file, never whole in memory, and leaves none behind, stored or refused", async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "spool-test-"));
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      expect(spoolDir().startsWith(tmp)).toBe(true);
      const stored = await viaPage(form({ bytes: pdfBytes("spooled", 2 * 1024 * 1024), name: "big.pdf" }));
      expect(stored.status).toBe(302);
      const refused = await viaPage(form({ bytes: Buffer.from("not a document"), name: "x.pdf" }));
      expect(refused.status).toBe(400);
      const tooBig = await viaPage(form({ bytes: pdfBytes("big", 11 * 1024 * 1024), name: "huge.pdf" }));
      expect(tooBig.status).toBe(400);
      // The spool folder was used, and every file in it was removed once the API had answered.
      expect(fs.existsSync(spoolDir())).toBe(true);
      expect(fs.readdirSync(spoolDir())).toEqual([]);
    } finally {
      // Put back as it was: assigning undefined would leave the text "undefined" for the files run after this one.
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
