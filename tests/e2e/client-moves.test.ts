/**
 * A client asks to move a session (issue 39, point 4) in Chromium, JavaScript on and off at 1280 px and on at 375 px:
 * from their page, a request with no reason is refused beside the field, one with a reason says it waits; the agent
 * sees it on their agenda, keeps the time with a word on the session's move page; the client's page says so.
 */
import { describe, expect, it } from "vitest";
import { expectToast, journeyRuns, journeys, newContext, settle, signInAs } from "../support/browser.js";

const linkIn = (text: string) => /(http:\/\/\S+\/my\/link\?token=[A-Za-z0-9_-]{43}\S*)/.exec(text)?.[1];

journeys("a client's request to move a session in Chromium", (ctx) => {
  describe.each(journeyRuns)("$name, $width px", ({ javaScriptEnabled, width }) => {
    const tag = `${javaScriptEnabled ? "on" : "off"}-${width}`;

    it("the client asks with a reason, the agent keeps the time with a word, the client reads it", async () => {
      const { cookie, call } = await ctx.portal.agentWithApi(`moves-${tag}@example.com`, "Mo Agent");
      const email = `moves-client-${tag}@example.com`;
      const client = await call("agent/addclient", { first_name: "Ines", last_name: `Move ${tag}`, email });
      const clientId = client.data.id as number;
      const { booking } = await ctx.portal.fixtures(cookie.token).paidSession(clientId);
      const doc = await call(`agent/clients/${clientId}/documents`, { title: "Payslip" });
      await call(`agent/clients/${clientId}/document-requests`, { document_ids: [doc.data.id] });
      const [mail] = await ctx.portal.mailTo(email, /asks you for documents/);

      const clientSide = await newContext(ctx.browser, javaScriptEnabled, { width });
      const me = await clientSide.context.newPage();
      await me.goto(linkIn(mail!.parsed.text ?? "")!);
      await me.locator("form button[type=submit]").click();
      await me.waitForURL(/\/my$/);
      const session = me.locator(`#session-${booking.id}`);
      await session.getByText("Ask to move this session").click();
      await session.getByRole("button", { name: "Send the request" }).click();
      await expect.poll(() => me.locator(`#move-${booking.id}-reason-error`).innerText(), settle).toBe("Reason is required");
      await me.locator(`#move-${booking.id}-reason`).fill("I have an exam that morning.");
      await me.locator(`#session-${booking.id}`).getByRole("button", { name: "Send the request" }).click();
      await expectToast(me, javaScriptEnabled, "Your request was sent to your agent.");
      await expect.poll(() => me.locator(`#session-${booking.id}`).innerText(), settle).toContain("Your agent will answer here.");

      const agentSide = await newContext(ctx.browser, javaScriptEnabled, { width });
      await signInAs(agentSide.context, ctx.portal.base, cookie);
      const agent = await agentSide.context.newPage();
      await agent.goto(`${ctx.portal.base}/bookings`);
      await expect
        .poll(() => agent.getByTestId("client-move-request").first().innerText(), settle)
        .toBe(`Ines Move ${tag} asks to move it: “I have an exam that morning.”`);
      await agent.goto(`${ctx.portal.base}/bookings/${booking.id}/move`);
      const request = agent.getByTestId("client-move-request");
      await request.getByText("Keep the time", { exact: true }).first().click();
      await request.getByLabel("A word for the client").fill("The mentor has no other time that week.");
      await request.getByRole("button", { name: "Keep the time" }).click();
      await expectToast(agent, javaScriptEnabled, "The session keeps its time; the client was told.");

      await me.reload();
      await expect
        .poll(() => me.locator(`#session-${booking.id}`).innerText(), settle)
        .toContain("Your agent kept the time: “The mentor has no other time that week.”");
      await Promise.all([clientSide.context.close(), agentSide.context.close()]);
    });
  });
});
