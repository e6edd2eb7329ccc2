/**
 * Issue 24's races, on SQLite and PostgreSQL (where they are real): a client's uploads racing their agent's accept and
 * reject of the file the agent looked at, their uploads racing the hand-over of their case to another agent, and
 * many uses of one sign-in link at once. The database decides each (the
 * document's guarded update, the link's guarded update): one side wins, the other is told, nothing is half done.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { demoStaff } from "../../backend/setup/demo-data.js";
import { httpTransport } from "../../lib/http-transport.js";
import { checkDatabase } from "../../scripts/check-db.js";
import { agentFixtures } from "../support/agent-fixtures.js";
import { testDatabases, useSeededApi } from "../support/databases.js";
import { pdfBytes } from "../support/files.js";

describe.each(testDatabases)("client races on $name", (target) => {
  // Five uploads of one client at once: more than a sender's usual slots (lib/body-limit.ts), which would answer 429.
  const ctx = useSeededApi(target, { uploads: { perAgent: 10, inAll: 20 } });
  let agent: { id: number; token: string };
  let fixtures: ReturnType<typeof agentFixtures>;

  beforeAll(async () => {
    agent = await ctx.api.newAgent("race-agent@example.com");
    fixtures = agentFixtures(httpTransport(ctx.api.base, 20_000), agent.token);
  });

  async function linksTo(email: string) {
    await ctx.api.deliver();
    return ctx.api.mailbox
      .filter((m) => m.to === email)
      .map((m) => /\/my\/link\?token=([A-Za-z0-9_-]{43})/.exec(m.text)?.[1])
      .filter((t): t is string => Boolean(t));
  }

  async function askedClient(email: string) {
    const client = await fixtures.client({ first_name: "Race", last_name: "Client", email });
    const doc = await fixtures.document(client.id, { title: "Passport scan", file: false });
    const sent = await ctx.api.call("POST", `agent/clients/${client.id}/document-requests`, {
      token: agent.token,
      body: { document_ids: [doc.id] },
    });
    const link = (await linksTo(email)).at(-1)!;
    const used = await ctx.api.call("POST", "my/link", { body: { token: link } });
    return { client, doc, requestId: sent.json.data.id as number, token: used.json.data.token as string };
  }

  const upload = (token: string, documentId: number, n: number) =>
    ctx.api.call("POST", `my/documents/${documentId}/file?name=scan-${n}.pdf`, { token, bytes: pdfBytes(`scan ${n}`) });

  it("a client's uploads racing the agent's accepts and rejects: one side wins each round, the document as it says", async () => {
    const { client, doc, token } = await askedClient("race-upload@example.com");
    for (let round = 0; round < 6; round++) {
      // The file the agent is looking at.
      const seen = await upload(token, doc.id, 1000 + round);
      expect(seen.status).toBe(201);
      const looked = (await ctx.api.call("GET", `api/clients/${client.id}/documents/${doc.id}`, { token: agent.token })).json.data
        .file.id as number;
      const review = round % 2 === 0 ? "accept" : "reject";
      const results = await Promise.all([
        ...Array.from({ length: 5 }, (_, i) => upload(token, doc.id, round * 10 + i).then((r) => ({ side: "upload", r }))),
        ...Array.from({ length: 5 }, () =>
          ctx.api
            .call("POST", `agent/clients/${client.id}/documents/${doc.id}/${review}`, {
              token: agent.token,
              body: review === "accept" ? { file_id: looked } : { file_id: looked, reason: "Blurred" },
            })
            .then((r) => ({ side: "review", r })),
        ),
      ]);
      for (const { r } of results) expect([200, 201, 409]).toContain(r.status);
      const uploads = results.filter((x) => x.side === "upload" && x.r.status === 201);
      const reviews = results.filter((x) => x.side === "review" && x.r.status === 200);
      expect(reviews.length).toBeLessThanOrEqual(1);
      const now = (await ctx.api.call("GET", `api/clients/${client.id}/documents/${doc.id}`, { token: agent.token })).json.data;
      if (reviews.length === 1) {
        // The review landed on the file looked at; every upload after it was refused (an accepted document takes
        // none) or started a new upload after a rejection.
        if (review === "accept") {
          expect(uploads).toHaveLength(0);
          expect(now).toMatchObject({ status: "accepted", file: { id: looked } });
        } else if (uploads.length === 0) {
          expect(now).toMatchObject({ status: "rejected", file: null, rejection: { file_id: looked } });
        } else {
          expect(now.status).toBe("uploaded");
          expect(now.file.id).toBeGreaterThan(looked);
        }
      } else {
        // Uploads came first: the review was refused, the newest upload is the document's, unreviewed.
        expect(uploads.length).toBeGreaterThan(0);
        expect(now.status).toBe("uploaded");
        expect(now.file.id).not.toBe(looked);
      }
      // Every refused upload left no record; the quota counts exactly the client's recorded files.
      const recorded = await ctx.database.db
        .selectFrom("document_files")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("document_id", "=", doc.id)
        .where("from_client", "=", 1)
        .executeTakeFirstOrThrow();
      const counted = await ctx.database.db
        .selectFrom("clients")
        .select("upload_files")
        .where("id", "=", client.id)
        .executeTakeFirstOrThrow();
      expect(Number(counted.upload_files)).toBe(Number(recorded.n));
      expect(await checkDatabase(ctx.database.db)).toEqual([]);
      // Back to a reviewable state for the next round.
      if (now.status === "accepted") {
        await ctx.database.db
          .updateTable("client_documents")
          .set({ status: "uploaded", accepted_at: null })
          .where("id", "=", doc.id)
          .execute();
      }
    }
  });

  it("twenty uses of one link at once sign in once", async () => {
    const { client, requestId } = await askedClient("race-link@example.com");
    for (let round = 0; round < 4; round++) {
      await ctx.api.call("POST", `agent/clients/${client.id}/document-requests/${requestId}/resend`, { token: agent.token });
      const link = (await linksTo("race-link@example.com")).at(-1)!;
      const before = await ctx.database.db.selectFrom("client_tokens").select("id").where("client_id", "=", client.id).execute();
      const tries = await Promise.all(
        Array.from({ length: 20 }, () => ctx.api.call("POST", "my/link", { body: { token: link } })),
      );
      expect(tries.filter((t) => t.status === 200)).toHaveLength(1);
      expect(tries.filter((t) => t.status === 404)).toHaveLength(19);
      const after = await ctx.database.db.selectFrom("client_tokens").select("id").where("client_id", "=", client.id).execute();
      expect(after.length - before.length).toBe(1);
    }
    const opened = await ctx.database.db
      .selectFrom("client_events")
      .select("summary")
      .where("client_id", "=", client.id)
      .where("kind", "=", "client.signed_in")
      .execute();
    // The first sign-in (askedClient's) and one per round.
    expect(opened).toHaveLength(5);
  });

  it("a client's uploads racing the hand-over of their case to another agent: each file lands under the agent the client has", async () => {
    const office = (
      await ctx.api.call("POST", "office/login", { body: { email: demoStaff.email, password: demoStaff.password } })
    ).json.data.token as string;
    const taker = await ctx.api.newAgent("race-upload-taker@example.com");
    for (let round = 0; round < 5; round++) {
      const { client, doc, token } = await askedClient(`race-hand-over-${round}@example.com`);
      const [handOver, ...uploads] = await Promise.all([
        ctx.api.call("POST", `office/agents/${agent.id}/hand-over`, {
          token: office,
          body: { to_agent_id: taker.id, client_ids: [client.id] },
        }),
        ...Array.from({ length: 5 }, (_, i) => upload(token, doc.id, 5000 + round * 10 + i)),
      ]);
      expect(handOver.status, JSON.stringify(handOver.json)).toBe(200);
      // Each upload is taken, before or after the hand-over, and every file is the taker's now, as the client is.
      expect(
        uploads.map((r) => r.status),
        JSON.stringify(uploads.map((r) => r.json.message)),
      ).toEqual([201, 201, 201, 201, 201]);
      const files = await ctx.database.db
        .selectFrom("document_files")
        .select("agent_id")
        .where("document_id", "=", doc.id)
        .execute();
      expect(files.map((f) => f.agent_id)).toEqual([taker.id, taker.id, taker.id, taker.id, taker.id]);
      expect(await checkDatabase(ctx.database.db), `round ${round}`).toEqual([]);
    }
  });
});
