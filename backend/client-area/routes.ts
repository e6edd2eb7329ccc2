/**
 * Clients in the loop (lib/contract/client-area.ts): the agent's requests for documents and the client's access,
 * the client's one-time links and sign-in, and the client's own case and calendar files. The client's uploads are
 * served with the agent's (backend/documents/routes.ts).
 */
import type { Kysely } from "kysely";
import { endpoints } from "../../lib/contract.js";
import { revokeToken } from "../accounts/tokens.js";
import { askMoveAsClient } from "../bookings/client-moves.js";
import {
  askForClientLink,
  clientAccess,
  clientLinkInfo,
  endAllMyDevices,
  endClientAccess,
  endMyDevice,
  myDevices,
  useClientLink,
} from "../clients/links.js";
import type { Database } from "../db/schema.js";
import { documentRequests, requestDocuments, resendRequest, withdrawRequest } from "../documents/requests.js";
import type { MailContext } from "../mail/compose.js";
import { mayMail, type MailLimiters } from "../rate-limit.js";
import type { Server } from "../serve.js";
import { myCase, mySessionInvite } from "./case.js";

export function clientAreaRoutes(
  serve: Server,
  deps: {
    db: Kysely<Database>;
    publicUrl: string;
    mail: MailContext;
    /** The same limits as password resets: the asker's address, and the mails per address */
    limiters: MailLimiters;
  },
) {
  const { db, publicUrl } = deps;

  serve(endpoints.documentRequests, async ({ caller, params }) => ({
    access: await clientAccess(db, caller.id, params.clientId),
    requests: await documentRequests(db, caller.id, params.clientId),
  }));
  serve(endpoints.requestDocuments, async ({ caller, params, body }) =>
    requestDocuments(db, caller.id, params.clientId, body, publicUrl),
  );
  serve(endpoints.resendDocumentRequest, async ({ caller, params }) =>
    resendRequest(db, caller.id, params.clientId, params.requestId, publicUrl),
  );
  serve(endpoints.withdrawDocumentRequest, async ({ caller, params }) =>
    withdrawRequest(db, caller.id, params.clientId, params.requestId),
  );
  serve(endpoints.endClientAccess, async ({ caller, params }) => endClientAccess(db, caller.id, params.clientId));

  serve(endpoints.clientLinkCheck, async ({ body }) => clientLinkInfo(db, body.token));
  serve(endpoints.clientLinkUse, async ({ body, call }) =>
    useClientLink(db, body.token, new Date(), {
      remember: body.remember,
      device: call.header("user-agent")?.slice(0, 300) ?? null,
    }),
  );
  serve(endpoints.myMoveRequest, async ({ caller, params, body }) => askMoveAsClient(db, caller.id, params.id, body.reason));
  serve(endpoints.myDevices, async ({ caller }) => myDevices(db, caller.id, caller.token));
  serve(endpoints.myEndDevice, async ({ caller, params }) => endMyDevice(db, caller.id, params.id));
  serve(endpoints.myEndAllDevices, async ({ caller }) => endAllMyDevices(db, caller.id));
  // The same answer for any address; the asker's address is limited (429), the mails capped without a word.
  serve(endpoints.clientSignInLink, async ({ body, call }) => {
    const address = body.email.toLowerCase();
    return (await mayMail(deps.limiters, call.clientIp, address, "link requests", "my:"))
      ? askForClientLink(db, address, publicUrl)
      : { sent: true as const };
  });
  serve(endpoints.clientLogout, async ({ caller }) => {
    await revokeToken(db, "client", caller.token);
    return { signed_out: true as const };
  });
  serve(endpoints.myCase, async ({ caller }) => myCase(db, caller.id, new Date(), deps.mail.company.name));
  serve(endpoints.mySessionInvite, async ({ caller, params }) => mySessionInvite(db, deps.mail, caller.id, params.id));
}
