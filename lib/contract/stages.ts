/**
 * Where a client's case stands (issue 39, point 3): the office names each service's stages in order, per language;
 * the agent moves a client's case for a service along with a word for the client; the client sees every service
 * they have, its stage and what comes next.
 */
import { z } from "zod";
import { answer, endpoint } from "./endpoint.js";
import { blankToNull, idParam, oneLineText, optionalText } from "./fields.js";

const STAGE_NAME_MAX = 80;
const stageName = (label: string) => z.preprocess(blankToNull, oneLineText(STAGE_NAME_MAX, label).nullable().optional());

export const stageBody = z.object({
  service_id: idParam,
  name: oneLineText(STAGE_NAME_MAX, "Name"),
  name_ar: stageName("Arabic name"),
  name_es: stageName("Spanish name"),
  name_fr: stageName("French name"),
});
export const stageEditBody = stageBody.omit({ service_id: true });
export const stageMoveBody = z.object({
  direction: z.enum(["up", "down"], { errorMap: () => ({ message: "Choose up or down" }) }),
});
export const stageRetireBody = z.object({
  retired: z.preprocess((v) => v === true || v === "true" || v === "1" || v === 1, z.boolean()),
});
/** The stage chosen from the form's list (its id as text, or a number from other clients). */
const chosenStage = z.preprocess(
  (v) => (typeof v === "number" ? String(v) : v),
  z
    .string({ required_error: "Choose a stage", invalid_type_error: "Choose a stage" })
    .trim()
    .min(1, "Choose a stage")
    .regex(/^\d{1,9}$/, "Choose a stage")
    .transform(Number),
);
export const caseMoveBody = z.object({ stage_id: chosenStage, note: optionalText(1000, "Note") });

export type CaseStage = {
  id: number;
  service_id: number;
  position: number;
  name: string;
  name_ar: string | null;
  name_es: string | null;
  name_fr: string | null;
  retired: boolean;
};
export type ServiceStages = { service_id: number; service_name: string; stages: CaseStage[] };

/** A client's case for one service, as the agent sees it: the stages it can stand at, and where it stands. */
export type ClientCase = {
  service_id: number;
  service_name: string;
  /** The stages in order (retired ones only when the case stands at one) */
  stages: Array<{ id: number; name: string }>;
  stage_id: number | null;
  note: string | null;
  moved_at: string | null;
};
/** The same for the client, in their language: each stage's name, the current one's place, and what comes next. */
export type MyCaseStage = {
  service_id: number;
  service_name: string;
  stages: string[];
  /** Index into `stages`; -1 while the agent has not set it */
  current: number;
  note: string | null;
  moved_at: string | null;
  /** Documents of this service still asked of the client */
  asked: number;
};

const oneStage = { id: idParam };
const clientService = { clientId: idParam, serviceId: idParam };

export const stageEndpoints = {
  officeStages: endpoint({
    method: "GET",
    path: "office/stages",
    auth: ["staff"],
    summary: "Every service's case stages in order, retired ones included",
    answer: answer<ServiceStages[]>(),
  }),
  officeAddStage: endpoint({
    method: "POST",
    path: "office/stages",
    auth: ["staff"],
    summary: "Adds a stage at the end of a service's stages",
    body: stageBody,
    created: true,
    answer: answer<CaseStage>(),
  }),
  officeEditStage: endpoint({
    method: "POST",
    path: "office/stages/:id",
    auth: ["staff"],
    summary: "Renames a stage, in English and the other languages",
    params: oneStage,
    body: stageEditBody,
    answer: answer<CaseStage>(),
  }),
  officeMoveStage: endpoint({
    method: "POST",
    path: "office/stages/:id/move",
    auth: ["staff"],
    summary: "Moves a stage one place up or down among its service's stages",
    params: oneStage,
    body: stageMoveBody,
    answer: answer<ServiceStages>(),
  }),
  officeRetireStage: endpoint({
    method: "POST",
    path: "office/stages/:id/retire",
    auth: ["staff"],
    summary: "Retires a stage (no case is moved to it any more; cases standing at it stay) or brings it back",
    params: oneStage,
    body: stageRetireBody,
    answer: answer<CaseStage>(),
  }),
  clientCases: endpoint({
    method: "GET",
    path: "api/clients/:clientId/cases",
    auth: ["agent"],
    summary: "Where the client's case stands for each service they have",
    params: { clientId: idParam },
    answer: answer<ClientCase[]>(),
  }),
  moveClientCase: endpoint({
    method: "POST",
    path: "agent/clients/:clientId/cases/:serviceId",
    auth: ["agent"],
    summary: "Moves the client's case for a service to a stage, with a word for the client (who is e-mailed)",
    params: clientService,
    body: caseMoveBody,
    answer: answer<ClientCase>(),
  }),
};
