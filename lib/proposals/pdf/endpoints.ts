import { z } from "zod";
import { defineEndpoint } from "@/lib/api/endpoint";
import { getProposalOrThrow } from "../proposals/get-proposal";
import { ProposalParams } from "../proposals/schemas";
import { proposalPdf } from "./proposal-pdf";

export const getProposalPdfEndpoint = defineEndpoint({
  operationId: "get_proposal_pdf",
  method: "GET",
  path: "/v3/proposals/{uuid}/pdf",
  tag: "Proposals",
  summary: "A proposal as a PDF",
  description:
    "application/pdf, downloaded as `<title> v<version>.pdf`: the proposal as its recipient's page shows it (title, description, " +
    "lines with images, prices, quantities and discounts, totals), the company's name and page numbers on every page. A proposal its " +
    "recipient accepted on its page is its acceptance record instead (`… accepted.pdf`): the proposal frozen as accepted plus a " +
    "certificate (signer, time, IP address, user agent, consent text, the accepted document's SHA-256, the audit trail), made once " +
    "at acceptance; every download serves the same bytes, which /verify recognises. Read like the proposal: another company's is 404.",
  params: ProposalParams,
  load: ({ db, caller, params }) => getProposalOrThrow({ tx: db, caller, uuid: params.uuid }),
  response: z.string().describe("The PDF's bytes"),
  produces: "application/pdf",
  status: 200,
  run: ({ db, loaded }) => proposalPdf(db, loaded),
});
