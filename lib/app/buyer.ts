import type { AnyEndpoint } from "@/lib/api/endpoint";
import type { Service } from "@/lib/api/service";
import {
  getCertificateCredentialEndpoint,
  getCertificatePdfEndpoint,
  listMyCertificatesEndpoint,
  revokeCertificateEndpoint,
} from "@/lib/certificates/endpoints";
import * as enrolments from "@/lib/enrolments/endpoints";
import { buildOpenApi } from "@/lib/openapi/document";
import { appService } from "./service";

/**
 * The buyer's endpoints (issue 43): a buyer's seats and its learners' certificates, under /api/app.
 * Of the app's own endpoints these alone have a published document and agent tools
 * (docs/decisions/071-buyer-agent-tools.md): the people who call them are the customers', with
 * their own systems, not the app's browser pages.
 */
export const buyerEndpoints: AnyEndpoint[] = [
  ...(Object.values(enrolments) as AnyEndpoint[]),
  listMyCertificatesEndpoint,
  getCertificatePdfEndpoint,
  getCertificateCredentialEndpoint,
  revokeCertificateEndpoint,
];

/** The app's service as its published document tells it: the same base path, error shape and limits. */
export const buyerService: Service = {
  ...appService,
  openapi: {
    title: "Coursewright seats and certificates API",
    version: "1.0.0",
    description:
      "For a buyer's learning managers and its learners. A learning manager (any account whose verified email address is one " +
      "of an enrolment's managers) invites learners to the seats of a course their organisation bought and follows their " +
      "progress; a learner reads their certificates of completion, which the admins and authors of the course's workspace " +
      "read too and its admins revoke. Authenticate with `Authorization: Bearer <API key>` (your own key, from the account " +
      "page) or, in the browser, your session. An enrolment you do not manage, and a certificate you may not read, answer 404 " +
      "as an unknown one does. Errors answer `{error, code, details?}`. The interface only grows: ignore unknown fields. " +
      "Agents: all but the downloads, revoking and adding managers are tools at /api/app/mcp.",
    tags: [
      { name: "Enrolments", description: "Seats of a course bought in an accepted proposal, their learners and their managers" },
      { name: "Certificates", description: "Certificates of completion: a PDF and an Open Badges 3.0 credential, verifiable at /verify" },
    ],
  },
};

let cached: ReturnType<typeof buildOpenApi> | undefined;

/** GET /api/app/openapi.json: the buyer's endpoints alone, unlike the app's internal document (./openapi.ts). */
export const buyerOpenApi = () => (cached ??= buildOpenApi(buyerService, buyerEndpoints));
