/** Intake questionnaires (lib/contract/intake.ts): the office's writing, the agent's sending and review, the client's answers. */
import type { Kysely } from "kysely";
import { endpoints } from "../../lib/contract.js";
import type { Spooled } from "../../lib/spool.js";
import type { Database } from "../db/schema.js";
import type { FileStore } from "../files/store.js";
import type { Hold, Server } from "../serve.js";
import {
  agreementCopy,
  clientAgreements,
  officeAgreements,
  retireAgreement,
  saveAgreement,
  sendAgreement,
} from "./agreements.js";
import { fileAnswer, saveAnswers } from "./answering.js";
import { clientQuestionnaires, fullCopy, myQuestionnaires, sendQuestionnaire } from "./copies.js";
import { answersPdf, officeAnswers } from "./exports.js";
import {
  addQuestion,
  addQuestionnaire,
  addSection,
  editQuestion,
  editQuestionnaire,
  editSection,
  listQuestionnaires,
  moveItem,
  officeQuestionnaire,
  removeItem,
  retireQuestionnaire,
} from "./questionnaires.js";
import { acceptCopy, returnCopy, submitCopy } from "./review.js";
import { signAgreement } from "./signing.js";

export function intakeRoutes(
  serve: Server,
  {
    db,
    files,
    publicUrl,
    uploads,
    company,
  }: { db: Kysely<Database>; files: FileStore; publicUrl: string; uploads: Hold; company: () => string },
) {
  serve(endpoints.officeQuestionnaires, async () => listQuestionnaires(db));
  serve(endpoints.officeAddQuestionnaire, async ({ caller, body }) => addQuestionnaire(db, caller.id, body));
  serve(endpoints.officeQuestionnaire, async ({ params }) => officeQuestionnaire(db, params.id));
  serve(endpoints.officeEditQuestionnaire, async ({ caller, params, body }) => editQuestionnaire(db, caller.id, params.id, body));
  serve(endpoints.officeRetireQuestionnaire, async ({ caller, params, body }) =>
    retireQuestionnaire(db, caller.id, params.id, body.retired),
  );
  serve(endpoints.officeAddSection, async ({ caller, params, body }) => addSection(db, caller.id, params.id, body));
  serve(endpoints.officeEditSection, async ({ caller, params, body }) => editSection(db, caller.id, params.id, params.key, body));
  serve(endpoints.officeAddQuestion, async ({ caller, params, body }) => addQuestion(db, caller.id, params.id, params.key, body));
  serve(endpoints.officeEditQuestion, async ({ caller, params, body }) =>
    editQuestion(db, caller.id, params.id, params.key, body),
  );
  serve(endpoints.officeMoveItem, async ({ caller, params, body }) =>
    moveItem(db, caller.id, params.id, params.key, body.direction),
  );
  serve(endpoints.officeRemoveItem, async ({ caller, params }) => removeItem(db, caller.id, params.id, params.key));

  serve(endpoints.clientQuestionnaires, async ({ caller, params }) => clientQuestionnaires(db, caller.id, params.clientId));
  serve(endpoints.sendQuestionnaire, async ({ caller, params, body }) =>
    sendQuestionnaire(db, caller.id, params.clientId, body.questionnaire_id, publicUrl),
  );
  serve(endpoints.clientQuestionnaire, async ({ caller, params }) =>
    fullCopy(db, params.id, { clientId: params.clientId, agentId: caller.id }),
  );
  serve(endpoints.returnQuestionnaire, async ({ caller, params, body }) =>
    returnCopy(db, caller.id, params.clientId, params.id, body, publicUrl),
  );
  serve(endpoints.acceptQuestionnaire, async ({ caller, params }) => acceptCopy(db, caller.id, params.clientId, params.id));

  serve(endpoints.clientQuestionnairePdf, async ({ caller, params, query }) =>
    answersPdf(db, params.id, { clientId: params.clientId, agentId: caller.id }, query.lang ?? "en", company()),
  );
  serve(endpoints.officeQuestionnaireAnswers, async ({ params }) => officeAnswers(db, params.id));
  serve(endpoints.myQuestionnairePdf, async ({ caller, params }) =>
    answersPdf(db, params.id, { clientId: caller.id }, null, company()),
  );
  serve(endpoints.myQuestionnaires, async ({ caller }) => myQuestionnaires(db, caller.id));

  serve(endpoints.officeAgreements, async () => officeAgreements(db));
  serve(endpoints.officeSaveAgreement, async ({ caller, params, body }) => saveAgreement(db, caller.id, params.serviceId, body));
  serve(endpoints.officeRetireAgreement, async ({ caller, params, body }) =>
    retireAgreement(db, caller.id, params.serviceId, body.retired),
  );
  serve(endpoints.clientAgreements, async ({ caller, params }) => clientAgreements(db, caller.id, params.clientId));
  serve(endpoints.sendAgreement, async ({ caller, params, body }) =>
    sendAgreement(db, caller.id, params.clientId, body.service_id, publicUrl, company(), new Date(), {
      plan: body.plan,
      price: body.price,
    }),
  );
  serve(endpoints.clientAgreement, async ({ caller, params }) =>
    agreementCopy(db, params.id, { clientId: params.clientId, agentId: caller.id }),
  );
  serve(endpoints.myAgreement, async ({ caller, params }) => agreementCopy(db, params.id, { clientId: caller.id }));
  serve(endpoints.signAgreement, async ({ caller, params, body, call }) =>
    signAgreement(
      db,
      files,
      caller.id,
      params.id,
      body,
      { ip: call.clientIp, userAgent: call.header("user-agent") ?? null },
      company(),
    ),
  );
  serve(endpoints.myQuestionnaire, async ({ caller, params }) => fullCopy(db, params.id, { clientId: caller.id }));
  serve(endpoints.mySaveAnswers, async ({ caller, params, body }) => saveAnswers(db, caller.id, params.id, body));
  serve(endpoints.mySubmitQuestionnaire, async ({ caller, params }) => submitCopy(db, caller.id, params.id));
  serve(
    endpoints.myAnswerFile,
    async ({ caller, params, query, call }) => {
      const { file, owned } = await call.upload();
      try {
        return await fileAnswer(db, files, caller.id, params.id, { file, ...query }, call.signal);
      } finally {
        if (owned) await (file as Spooled).dispose();
      }
    },
    { hold: uploads },
  );
}
