/** The case's conversation (lib/contract/conversation.ts): the agent's, the client's and the office's calls. */
import type { Kysely } from "kysely";
import { endpoints } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";
import type { Server } from "../serve.js";
import { markRead, readThread, sendMessage } from "./thread.js";

export function conversationRoutes(serve: Server, { db }: { db: Kysely<Database> }) {
  serve(endpoints.agentThread, async ({ caller, params }) =>
    readThread(db, params.clientId, { kind: "agent", agentId: caller.id }),
  );
  serve(endpoints.agentSendMessage, async ({ caller, params, body }) =>
    sendMessage(db, params.clientId, { kind: "agent", agentId: caller.id }, body.body, new Date(), body.attachments),
  );
  serve(endpoints.agentReadThread, async ({ caller, params, body }) =>
    markRead(db, params.clientId, { kind: "agent", agentId: caller.id }, body.through),
  );
  serve(endpoints.myThread, async ({ caller }) => readThread(db, caller.id, { kind: "client", clientId: caller.id }));
  serve(endpoints.mySendMessage, async ({ caller, body }) =>
    sendMessage(db, caller.id, { kind: "client", clientId: caller.id }, body.body, new Date(), body.attachments),
  );
  serve(endpoints.myReadThread, async ({ caller, body }) =>
    markRead(db, caller.id, { kind: "client", clientId: caller.id }, body.through),
  );
  serve(endpoints.officeThread, async ({ caller, params }) =>
    readThread(db, params.clientId, { kind: "office", staffId: caller.id }),
  );
  serve(endpoints.officeSendMessage, async ({ caller, params, body }) =>
    sendMessage(db, params.clientId, { kind: "office", staffId: caller.id }, body.body, new Date(), body.attachments),
  );
}
