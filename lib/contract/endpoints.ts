/**
 * Every endpoint of the API, by area: the one list the API serves, the portal calls, and the tests hold
 * docs/api.md and the authorization matrix to.
 */
import { accountEndpoints, ownAccount } from "./account.js";
import { agreementEndpoints } from "./agreements.js";
import { businessEndpoints } from "./business.js";
import { calendarEndpoints } from "./calendars.js";
import { cartEndpoints } from "./cart.js";
import { catalogueEndpoints } from "./catalogue.js";
import { clientAreaEndpoints } from "./client-area.js";
import { clientEndpoints } from "./clients.js";
import { commissionEndpoints } from "./commissions.js";
import { conversationEndpoints } from "./conversation.js";
import { dashboardEndpoints } from "./dashboard.js";
import { documentEndpoints } from "./documents.js";
import type { EndpointDef } from "./endpoint.js";
import { feedEndpointsTable, ownFeed } from "./feeds.js";
import { intakeEndpoints } from "./intake.js";
import { mentoringEndpoints } from "./mentoring.js";
import { mentorEndpoints } from "./mentors.js";
import { messagingEndpoints } from "./messaging.js";
import { officeAccountEndpoints } from "./office-accounts.js";
import { officeCatalogueEndpoints } from "./office-catalogue.js";
import { officeMentorEndpoints } from "./office-mentors.js";
import { officeOrderEndpoints } from "./office-orders.js";
import { officeEndpoints } from "./office.js";
import { orderEndpoints } from "./orders.js";
import { packEndpoints } from "./packs.js";
import { securityEndpoints } from "./security.js";
import { stageEndpoints } from "./stages.js";

export { ownAccount, ownFeed };

export const endpoints = {
  ...accountEndpoints,
  ...cartEndpoints,
  ...catalogueEndpoints,
  ...clientEndpoints,
  ...clientAreaEndpoints,
  ...conversationEndpoints,
  ...stageEndpoints,
  ...intakeEndpoints,
  ...agreementEndpoints,
  ...dashboardEndpoints,
  ...documentEndpoints,
  ...mentorEndpoints,
  ...mentoringEndpoints,
  ...calendarEndpoints,
  ...officeEndpoints,
  ...officeCatalogueEndpoints,
  ...officeMentorEndpoints,
  ...officeOrderEndpoints,
  ...officeAccountEndpoints,
  ...businessEndpoints,
  ...orderEndpoints,
  ...packEndpoints,
  ...commissionEndpoints,
  ...messagingEndpoints,
  ...securityEndpoints,
  ...feedEndpointsTable,
};

/** Every endpoint once, own-account calls of each kind included. */
export const allEndpoints: EndpointDef[] = [
  ...Object.values(endpoints),
  ...Object.values(ownAccount).flatMap((calls) => Object.values(calls)),
  ...Object.values(ownFeed).flatMap((calls) => Object.values(calls)),
];
