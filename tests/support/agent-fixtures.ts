/**
 * Fixtures for an agent's records, made through the API as the portal would make them (no SQL into the app's
 * tables): a client, a paid plan, a held or paid mentor session, a document with a file. Each takes the agent's
 * token and a transport, so that route tests (in process) and browser tests (the portal's own API) share them.
 */
import { createApiClient } from "../../app/lib/api.server.js";
import { endpoints, type Booking } from "../../lib/contract.js";
import type { ApiTransport } from "../../lib/transport.js";
import { pdfBytes } from "./files.js";
import { freeSlotsFrom } from "./slots.js";

let made = 0;
/** Past the cancellation cut-off the tests run with (24 hours, BOOKING_CANCEL_CUTOFF_HOURS' default), with two to spare */
const BEYOND_CUTOFF_HOURS = 26;

const unique = () => `${Date.now().toString(36)}${(made += 1)}`;

export function agentFixtures(transport: ApiTransport, token: string) {
  const api = createApiClient(transport, { token });

  /** Empties the agent's cart, so that a checkout pays for the fixture's item alone. */
  async function emptyCart() {
    const me = await api.call(endpoints.tokencheck);
    for (const item of await api.call(endpoints.cartList, { params: { agentId: me.agent.id } })) {
      await api.call(endpoints.deleteCart, { body: { id: item.id } });
    }
  }

  /** Pays for what the cart holds in the demo payment mode: the order's id and its checkout session's. */
  async function payCart() {
    const started = await api.call(endpoints.createCheckout);
    await api.call(endpoints.demoComplete, { params: { id: started.session_id } });
    return { orderId: started.order_id, sessionId: started.session_id };
  }

  const fixtures = {
    api,
    emptyCart,
    /** A client of this agent's (a unique e-mail unless one is given). */
    client(
      values: Partial<{
        first_name: string;
        last_name: string;
        email: string;
        destination_country: string;
        language: "en" | "ar" | "es" | "fr";
        time_zone: string;
      }> = {},
    ) {
      return api.call(endpoints.addClient, {
        body: { first_name: "Fixture", last_name: "Client", email: `fixture-${unique()}@example.com`, ...values },
      });
    },
    /** The first service plan offered to the client, bought and paid: the order's id, its checkout's and the plan's. */
    async paidPlan(clientId: number) {
      await emptyCart();
      const plan = (await api.call(endpoints.servicePlans, { body: { client_id: clientId } }))[0]!;
      await api.call(endpoints.addCart, { body: { client_id: clientId, item_type: "service_plan", item_id: plan.id } });
      return { ...(await payCart()), planId: plan.id };
    },
    /**
     * A session held for the client, in the cart: at the one given, else the mentor's first free slot beyond the
     * cancellation cut-off, so that it can be moved, or cancelled with a refund, whatever the time of day the test
     * runs (the first free slot after the minimum notice is often inside the cut-off: at 09:30 on a Sunday, the
     * next morning's 09:00). A test that wants one inside the cut-off moves it there itself.
     */
    async heldSession(clientId: number, options: { mentorId?: number; start?: string; topic?: string } = {}) {
      const mentorId = options.mentorId ?? (await api.call(endpoints.mentors))[0]!.id;
      const start = options.start ?? (await fixtures.freeSlotAfter(mentorId, BEYOND_CUTOFF_HOURS));
      return api.call(endpoints.book, {
        body: { mentor_id: mentorId, client_id: clientId, start, topic: options.topic ?? "Fixture session" },
      });
    },
    /** The mentor's first free slot starting at least `hours` from now, looked for week by week. */
    async freeSlotAfter(mentorId: number, hours: number): Promise<string> {
      const week = (weekStart?: string) =>
        api.call(endpoints.schedule, {
          body: { mentor_id: mentorId, time_zone: "UTC", ...(weekStart ? { week_start: weekStart } : {}) },
        });
      const [slot] = await freeSlotsFrom(week, Date.now() + hours * 3_600_000, 1, 5);
      if (!slot) throw new Error(`mentor ${mentorId} has no free slot ${hours} hours or more from now in five weeks`);
      return slot;
    },
    /** A session held as heldSession holds it, then paid alone: the booking as held, and its order's ids. */
    async paidSession(clientId: number, options: { mentorId?: number; start?: string; topic?: string } = {}) {
      await emptyCart();
      const booking: Booking = await fixtures.heldSession(clientId, options);
      return { booking, ...(await payCart()) };
    },
    /** A document on the client's checklist, with a PDF uploaded into it unless `file` is false. */
    async document(clientId: number, options: { title?: string; file?: boolean; fileName?: string; expiresOn?: string } = {}) {
      const document = await api.call(endpoints.addDocument, {
        params: { clientId },
        body: { title: options.title ?? "Fixture document" },
      });
      if (options.file === false) return document;
      const query = new URLSearchParams({
        name: options.fileName ?? "fixture.pdf",
        ...(options.expiresOn ? { expires_on: options.expiresOn } : {}),
      });
      const stored = await transport({
        method: "POST",
        path: `agent/clients/${clientId}/documents/${document.id}/file?${query}`,
        headers: { Authorization: `Bearer ${token}` },
        upload: { bytes: pdfBytes(), type: "application/pdf" },
      });
      if (stored.status !== 201) throw new Error(`the fixture's upload was refused: ${JSON.stringify(stored.payload)}`);
      return (stored.payload as { data: typeof document }).data;
    },
  };
  return fixtures;
}
