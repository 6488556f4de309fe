/**
 * A company's pipeline (issue 42): GET /v3/companies/{companyId}/pipeline counts, per ISO week or
 * UTC month of a range, the proposals sent, first viewed, accepted, rejected and expired, and the
 * value accepted; over the range the win rate and the median days to an answer; and the value of
 * active proposals expiring within 14 days. Each series counts once, as its newest sent version;
 * templates and test proposals never; money only in the company's currency, equal to the read
 * model's value_without_tax. Proposals are sent through the API and then placed in time in the
 * database. Any member reads it, a suggest key too; anyone else finds no company (404).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/api-keys";
import { getDb } from "@/lib/db/client";
import { seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import {
  createDraft,
  createReplacedProposal,
  createSentProposal,
  expectProposalsError,
  issuePaths,
  joinCompany,
  proposalsClient,
  publicClient,
  readProposal,
  seedCompanyMember,
  seedPricedItem,
  type CompanyMember,
} from "../proposals-factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Opens the file's database (migrations) before the first test's clock starts.
  await seedCompanyMember(server);
});
afterAll(() => server.close());

type Client = ReturnType<typeof proposalsClient>;
type Period = {
  period_start: number;
  sent: number;
  viewed: number;
  accepted: number;
  rejected: number;
  expired: number;
  accepted_value_without_tax: number;
};

const DAY = 86_400;
const unix = (iso: string) => Date.parse(iso) / 1000;
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** The range most tests read: the first quarter of 2025 (1 January is a Wednesday). */
const Q1 = { from: unix("2025-01-01T00:00:00Z"), to: unix("2025-04-01T00:00:00Z") };

const pipelinePath = (companyId: number, query: Record<string, string | number> = {}) => {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return `/v3/companies/${companyId}/pipeline${search ? `?${search}` : ""}`;
};

async function pipeline(api: Client, companyId: number, query: Record<string, string | number> = {}) {
  const res = await api.get(pipelinePath(companyId, query));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Every period from `first` (ISO date of its start) for `count` periods, zeros but for `figures` (by ISO date of the period's start). */
function seriesOf(interval: "week" | "month", first: string, count: number, figures: Record<string, Partial<Period>> = {}): Period[] {
  const start = new Date(`${first}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => {
    const at =
      interval === "week"
        ? new Date(start.getTime() + i * 7 * DAY * 1000)
        : new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + i, 1));
    const key = at.toISOString().slice(0, 10);
    return {
      period_start: at.getTime() / 1000,
      sent: 0,
      viewed: 0,
      accepted: 0,
      rejected: 0,
      expired: 0,
      accepted_value_without_tax: 0,
      ...figures[key],
    };
  });
}

type Placement = {
  sentAt?: string | null;
  viewedAt?: string;
  status?: "active" | "accepted" | "rejected" | "withdrawn" | "template";
  /** status_changed_at: when it was accepted or rejected */
  answeredAt?: string;
  expiresAt?: string | Date | null;
  currency?: string;
  isTest?: boolean;
};

/** Places a proposal in time (and state) straight in the database, as if it had happened then. */
async function place(uuid: string, p: Placement) {
  const db = await getDb();
  const date = (v: string | Date | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));
  await db.proposal.update({
    where: { id: uuid },
    data: {
      sentAt: date(p.sentAt),
      recipientFirstViewedAt: date(p.viewedAt),
      status: p.status,
      statusChangedAt: p.answeredAt === undefined ? undefined : new Date(p.answeredAt),
      expiresAt: date(p.expiresAt),
      currency: p.currency,
      isTest: p.isTest,
    },
  });
}

/** A proposal sent through the API (with `body`), then placed in time. */
async function sentProposal(member: CompanyMember, placement: Placement, body: Record<string, unknown> = {}) {
  const uuid = await createSentProposal(member, body);
  await place(uuid, placement);
  return uuid;
}

/** Another user in the owner's company, with a client of their own. */
async function colleagueOf(owner: CompanyMember): Promise<CompanyMember> {
  const colleague = await seedUser();
  await joinCompany(colleague, owner.company.id);
  return { ...owner, ...colleague, api: proposalsClient(server, colleague.key) };
}

/** The company's proposals as stored: a failed request must leave them as they were. */
async function storedProposals(companyId: number) {
  return (await getDb()).proposal.findMany({ where: { companyId }, orderBy: { id: "asc" } });
}

const cents = (n: number) => Math.round(n * 100);

describe("[PIPELINE] counting by period", () => {
  it("counts each figure in the month and the ISO week holding its moment, at the periods' edges, within [from, to)", async () => {
    const owner = await seedCompanyMember(server);
    // Sent at the last second of January, first opened at the first of February, accepted in February.
    await sentProposal(owner, {
      sentAt: "2025-01-31T23:59:59Z",
      viewedAt: "2025-02-01T00:00:00Z",
      status: "accepted",
      answeredAt: "2025-02-10T12:00:00Z",
    });
    // Sent at the first second of February, rejected at the last second of March.
    await sentProposal(owner, { sentAt: "2025-02-01T00:00:00Z", status: "rejected", answeredAt: "2025-03-31T23:59:59Z" });
    // Sent at `from` exactly; still active, its expiry (a Monday, 00:00) passed: expired then.
    await sentProposal(owner, { sentAt: "2025-01-01T00:00:00Z", expiresAt: "2025-01-13T00:00:00Z" });
    // Sent a second before `from` (not counted), first opened on a Sunday's last second.
    await sentProposal(owner, { sentAt: "2024-12-31T23:59:59Z", viewedAt: "2025-01-12T23:59:59Z" });
    // Sent at `to` exactly: outside the range.
    await sentProposal(owner, { sentAt: "2025-04-01T00:00:00Z" });

    const monthly = await pipeline(owner.api, owner.company.id, Q1);
    expect(monthly).toMatchObject({ range: Q1, interval: "month", currency: "EUR" });
    expect(monthly.series).toEqual(
      seriesOf("month", "2025-01-01", 3, {
        "2025-01-01": { sent: 2, viewed: 1, expired: 1 },
        "2025-02-01": { sent: 1, viewed: 1, accepted: 1 },
        "2025-03-01": { rejected: 1 },
      }),
    );
    // month is the default interval.
    expect((await pipeline(owner.api, owner.company.id, { ...Q1, interval: "month" })).series).toEqual(monthly.series);

    // ISO weeks: the first starts on Monday 30 December 2024, before `from`; the last on Monday 31 March.
    const weekly = await pipeline(owner.api, owner.company.id, { ...Q1, interval: "week" });
    expect(weekly.interval).toBe("week");
    expect(weekly.series).toEqual(
      seriesOf("week", "2024-12-30", 14, {
        "2024-12-30": { sent: 1 },
        "2025-01-06": { viewed: 1 },
        "2025-01-13": { expired: 1 },
        "2025-01-27": { sent: 2, viewed: 1 },
        "2025-02-10": { accepted: 1 },
        "2025-03-31": { rejected: 1 },
      }),
    );
    expect(weekly.series.at(-1).period_start).toBe(unix("2025-03-31T00:00:00Z"));
  });

  it("counts each series once, as its newest sent version; templates and test proposals never", async () => {
    const owner = await seedCompanyMember(server);
    // Version 1 sent and opened in January, replaced by version 2 sent in February: only version 2 counts.
    const { replaced, current } = await createReplacedProposal(owner);
    await place(replaced, { sentAt: "2025-01-10T00:00:00Z", viewedAt: "2025-01-11T00:00:00Z" });
    await place(current, { sentAt: "2025-02-10T00:00:00Z" });
    // A sent proposal with a new version still in draft: the sent one counts.
    const withDraft = await sentProposal(owner, { sentAt: "2025-03-05T00:00:00Z" });
    const next = await owner.api.post(`/v3/proposals/${withDraft}`, { company_id: owner.company.id, language: "en" });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    // A template saved from a sent proposal, with a sent_at (say, imported): never counted.
    const template = await owner.api.post(`/v3/proposals/${current}/template`);
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    await place(template.body.proposal.uuid, { sentAt: "2025-02-11T00:00:00Z" });
    // A test proposal (is_test, set by integrations the API does not take it from), sent, opened and accepted: never counted.
    await sentProposal(owner, {
      sentAt: "2025-02-12T00:00:00Z",
      viewedAt: "2025-02-12T01:00:00Z",
      status: "accepted",
      answeredAt: "2025-02-13T00:00:00Z",
      isTest: true,
    });
    // A draft never sent: nothing to count.
    await createDraft(owner);

    const data = await pipeline(owner.api, owner.company.id, Q1);
    expect(data.series).toEqual(seriesOf("month", "2025-01-01", 3, { "2025-02-01": { sent: 1 }, "2025-03-01": { sent: 1 } }));
    expect(data.win_rate).toBeNull();
  });

  it("answers every period of a range with nothing in it, with zeros; by default the last 365 days up to now", async () => {
    const owner = await seedCompanyMember(server);
    const data = await pipeline(owner.api, owner.company.id, Q1);
    expect(data).toEqual({
      range: Q1,
      interval: "month",
      currency: "EUR",
      series: seriesOf("month", "2025-01-01", 3),
      win_rate: null,
      median_days_to_answer: null,
      open_value_expiring_14_days: 0,
    });

    const before = nowSeconds();
    const byDefault = await pipeline(owner.api, owner.company.id, { interval: "week" });
    expect(byDefault.range.to).toBeGreaterThanOrEqual(before);
    expect(byDefault.range.to).toBeLessThanOrEqual(nowSeconds());
    expect(byDefault.range.to - byDefault.range.from).toBe(365 * DAY);
    // 365 days cover 53 ISO weeks, or 54 when the range starts late in a week.
    expect([53, 54]).toContain(byDefault.series.length);
    expect(new Date(byDefault.series[0].period_start * 1000).getUTCDay()).toBe(1);
    expect(byDefault.series[0].period_start).toBeLessThanOrEqual(byDefault.range.from);
    expect(byDefault.series[0].period_start).toBeGreaterThan(byDefault.range.from - 7 * DAY);
    expect(byDefault.series.every((p: Period) => p.sent + p.viewed + p.accepted + p.rejected + p.expired === 0)).toBe(true);
  });
});

describe("[PIPELINE] money", () => {
  it("adds up the accepted proposals' value_without_tax as the read model computes it, leaving other currencies out", async () => {
    const owner = await seedCompanyMember(server);
    const item = await seedPricedItem({ companyId: owner.company.id, price: 100, taxRate: 25 });
    const accepted = { status: "accepted" as const, sentAt: "2025-01-02T00:00:00Z" };
    // Awkward numbers: half cents, a three-decimal discount, an optional block left out, tax taken out of gross prices.
    const a = await sentProposal(
      owner,
      { ...accepted, answeredAt: "2025-01-20T00:00:00Z" },
      {
        blocks: [
          { content_id: item.variationId, price: 1.005, quantity: 3, discount: 12.5 },
          { content_id: item.variationId, price: 19.99, quantity: 7, discount: 33.333 },
          { content_id: item.variationId, price: 500, optional: true, selected: false },
        ],
      },
    );
    const b = await sentProposal(
      owner,
      { ...accepted, answeredAt: "2025-01-31T23:59:59Z" },
      {
        tax_options: { mode: "standard", tax_included: true },
        blocks: [
          { content_id: item.variationId, price: 10.01, tax_rate: 12.5, quantity: 3 },
          { content_id: item.variationId, price: 0.05, tax_rate: 6, optional: true, selected: true },
        ],
      },
    );
    const c = await sentProposal(
      owner,
      { ...accepted, answeredAt: "2025-02-01T00:00:00Z" },
      {
        blocks: [{ content_id: item.variationId, price: 0.1 + 0.2, quantity: 1.5 }],
      },
    );
    // Accepted in January too, but in dollars: counted as accepted, not as money.
    await sentProposal(
      owner,
      { ...accepted, answeredAt: "2025-01-15T00:00:00Z", currency: "USD" },
      { blocks: [{ content_id: item.variationId }] },
    );
    // Rejected: no money.
    await sentProposal(
      owner,
      { sentAt: "2025-01-02T00:00:00Z", status: "rejected", answeredAt: "2025-01-16T00:00:00Z" },
      {
        blocks: [{ content_id: item.variationId }],
      },
    );

    const value = async (uuid: string) => (await readProposal(owner.api, uuid)).value_without_tax as number;
    const [va, vb, vc] = [await value(a), await value(b), await value(c)];
    // The cases are as awkward as they claim: not whole amounts.
    expect([va, vb, vc].every((v) => !Number.isInteger(v))).toBe(true);

    const data = await pipeline(owner.api, owner.company.id, Q1);
    expect(data.currency).toBe("EUR");
    expect(data.series).toEqual(
      seriesOf("month", "2025-01-01", 3, {
        "2025-01-01": { sent: 5, accepted: 3, rejected: 1, accepted_value_without_tax: (cents(va) + cents(vb)) / 100 },
        "2025-02-01": { accepted: 1, accepted_value_without_tax: vc },
      }),
    );
  });

  it("keeps the value a proposal was accepted at, by the customer or by staff, when the company's tax settings change later", async () => {
    const owner = await seedCompanyMember(server);
    const item = await seedPricedItem({ companyId: owner.company.id, price: 100, taxRate: 25 });
    // Gross prices under the company's tax mode (standard): the value without tax takes the tax out.
    const body = {
      tax_options: { tax_included: true },
      blocks: [
        { content_id: item.variationId, price: 123.45, tax_rate: 25, quantity: 3 },
        { content_id: item.variationId, price: 9.99, tax_rate: 12.5, optional: true, selected: true },
      ],
    };
    const byCustomer = await createSentProposal(owner, body);
    const answer = await publicClient(server).post(`/proposals/${byCustomer}/accept`, { name: "Rita Recipient", consent: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const byStaff = await createSentProposal(owner, body);
    const accept = await owner.api.post(`/v3/proposals/${byStaff}/accept`);
    expect(accept.status, JSON.stringify(accept.body)).toBe(200);
    const accepted = (await readProposal(owner.api, byCustomer)).value_without_tax as number;
    expect((await readProposal(owner.api, byStaff)).value_without_tax).toBe(accepted);
    expect(Number.isInteger(accepted)).toBe(false);
    const total = (series: Period[], key: "sent" | "accepted_value_without_tax") => series.reduce((sum, p) => sum + p[key], 0);
    // A range reaching past now: the default ends at this whole second, before an acceptance made within it.
    const around = { from: nowSeconds() - 30 * DAY, to: nowSeconds() + 3600 };
    expect(total((await pipeline(owner.api, owner.company.id, around)).series, "accepted_value_without_tax")).toBe(
      (2 * cents(accepted)) / 100,
    );

    // The company stops applying tax: its sent proposals' values change, not what was won.
    const db = await getDb();
    await db.company.update({ where: { id: owner.company.id }, data: { taxMode: "none" } });
    const open = await createSentProposal(owner, body);
    expect((await readProposal(owner.api, open)).value_without_tax).not.toBe(accepted);
    const later = await pipeline(owner.api, owner.company.id, around);
    expect(total(later.series, "accepted_value_without_tax")).toBe((2 * cents(accepted)) / 100);
    expect(total(later.series, "sent")).toBe(3);
  });

  it("values the active proposals that expire within the next 14 days, in the company's currency", async () => {
    const owner = await seedCompanyMember(server);
    const item = await seedPricedItem({ companyId: owner.company.id, price: 100, taxRate: 25 });
    const inDays = (days: number) => new Date(Date.now() + days * DAY * 1000);
    const sentAt = new Date(Date.now() - 10 * DAY * 1000).toISOString();
    const block = (price: number, discount = 0) => ({ blocks: [{ content_id: item.variationId, price, discount }] });
    const soon = await sentProposal(owner, { sentAt, expiresAt: inDays(2) }, block(1234.565, 7.5));
    const lastDay = await sentProposal(owner, { sentAt, expiresAt: inDays(13.9) }, block(99.995));
    // Later than 14 days, already expired, without expiry, accepted, withdrawn, or in dollars: not counted.
    await sentProposal(owner, { sentAt, expiresAt: inDays(14.1) }, block(1000));
    await sentProposal(owner, { sentAt, expiresAt: inDays(-1) }, block(1000));
    await sentProposal(owner, { sentAt }, block(1000));
    await sentProposal(owner, { sentAt, expiresAt: inDays(3), status: "accepted", answeredAt: sentAt }, block(1000));
    await sentProposal(owner, { sentAt, expiresAt: inDays(3), status: "withdrawn", answeredAt: sentAt }, block(1000));
    await sentProposal(owner, { sentAt, expiresAt: inDays(3), currency: "USD" }, block(1000));

    const expected =
      cents((await readProposal(owner.api, soon)).value_without_tax) + cents((await readProposal(owner.api, lastDay)).value_without_tax);
    const data = await pipeline(owner.api, owner.company.id);
    expect(data.open_value_expiring_14_days).toBe(expected / 100);
    // It does not depend on the range.
    expect((await pipeline(owner.api, owner.company.id, Q1)).open_value_expiring_14_days).toBe(expected / 100);
  });
});

describe("[PIPELINE] win rate and time to answer", () => {
  it("win rate = accepted / (accepted + rejected + expired) and the median days to an answer, over the range", async () => {
    const owner = await seedCompanyMember(server);
    // Answered in the range after 2, 5, 9 and 1.5 days; one expired; the median of 1.5, 2, 5, 9 is 3.5.
    await sentProposal(owner, { sentAt: "2025-01-01T00:00:00Z", status: "accepted", answeredAt: "2025-01-03T00:00:00Z" });
    await sentProposal(owner, { sentAt: "2025-01-05T00:00:00Z", status: "accepted", answeredAt: "2025-01-10T00:00:00Z" });
    await sentProposal(owner, { sentAt: "2025-01-02T00:00:00Z", status: "rejected", answeredAt: "2025-01-11T00:00:00Z" });
    await sentProposal(owner, { sentAt: "2025-02-01T00:00:00Z", status: "rejected", answeredAt: "2025-02-02T12:00:00Z" });
    await sentProposal(owner, { sentAt: "2025-02-01T00:00:00Z", expiresAt: "2025-02-15T00:00:00Z" });
    // Answered before the range (after 100 days), withdrawn, still open: in neither figure.
    await sentProposal(owner, { sentAt: "2024-09-01T00:00:00Z", status: "accepted", answeredAt: "2024-12-10T00:00:00Z" });
    await sentProposal(owner, { sentAt: "2025-01-01T00:00:00Z", status: "withdrawn", answeredAt: "2025-01-02T00:00:00Z" });
    await sentProposal(owner, { sentAt: "2025-03-01T00:00:00Z" });

    const data = await pipeline(owner.api, owner.company.id, Q1);
    expect(data.win_rate).toBe(2 / 5);
    expect(data.median_days_to_answer).toBe(3.5);

    // Only January: accepted after 2 and 5 days, rejected after 9: 2 of 3 won, median 5.
    const january = await pipeline(owner.api, owner.company.id, { from: Q1.from, to: unix("2025-02-01T00:00:00Z") });
    expect(january.win_rate).toBe(2 / 3);
    expect(january.median_days_to_answer).toBe(5);

    // Only the expiry in the range: nothing won, and no answer to time.
    const expiredOnly = await pipeline(owner.api, owner.company.id, {
      from: unix("2025-02-10T00:00:00Z"),
      to: unix("2025-02-20T00:00:00Z"),
    });
    expect(expiredOnly.win_rate).toBe(0);
    expect(expiredOnly.median_days_to_answer).toBeNull();
  });
});

describe("[PIPELINE] filters", () => {
  it("user_id counts only the proposals that member created; language only those in that language", async () => {
    const owner = await seedCompanyMember(server);
    const colleague = await colleagueOf(owner);
    await sentProposal(owner, { sentAt: "2025-01-10T00:00:00Z", status: "accepted", answeredAt: "2025-01-12T00:00:00Z" });
    await sentProposal(owner, { sentAt: "2025-02-10T00:00:00Z" }, { language: "sv" });
    await sentProposal(
      colleague,
      { sentAt: "2025-02-11T00:00:00Z", status: "rejected", answeredAt: "2025-03-01T00:00:00Z" },
      { language: "sv" },
    );

    const everyone = await pipeline(owner.api, owner.company.id, Q1);
    expect(everyone.series.map((p: Period) => p.sent)).toEqual([1, 2, 0]);

    const mine = await pipeline(owner.api, owner.company.id, { ...Q1, user_id: owner.user.id });
    expect(mine.series).toEqual(seriesOf("month", "2025-01-01", 3, { "2025-01-01": { sent: 1, accepted: 1 }, "2025-02-01": { sent: 1 } }));
    expect(mine.win_rate).toBe(1);

    const theirs = await pipeline(owner.api, owner.company.id, { ...Q1, user_id: colleague.user.id });
    expect(theirs.series).toEqual(seriesOf("month", "2025-01-01", 3, { "2025-02-01": { sent: 1 }, "2025-03-01": { rejected: 1 } }));
    expect(theirs.win_rate).toBe(0);

    // Any case, read as lower case.
    const swedish = await pipeline(owner.api, owner.company.id, { ...Q1, language: "SV" });
    expect(swedish.series).toEqual(seriesOf("month", "2025-01-01", 3, { "2025-02-01": { sent: 2 }, "2025-03-01": { rejected: 1 } }));

    const both = await pipeline(owner.api, owner.company.id, { ...Q1, language: "sv", user_id: owner.user.id });
    expect(both.series).toEqual(seriesOf("month", "2025-01-01", 3, { "2025-02-01": { sent: 1 } }));
  });
});

describe("[PIPELINE] CSV", () => {
  it("answers the series as CSV, one row per period, with ?format=csv or Accept: text/csv", async () => {
    const owner = await seedCompanyMember(server);
    const item = await seedPricedItem({ companyId: owner.company.id, price: 100, taxRate: 25 });
    await sentProposal(
      owner,
      { sentAt: "2025-02-03T00:00:00Z", status: "accepted", answeredAt: "2025-02-04T00:00:00Z" },
      { blocks: [{ content_id: item.variationId, price: 1999.5, quantity: 2 }] },
    );
    // fetch's text() drops the byte-order mark the answer starts with (lib/api/csv.test.ts tests it).
    const expected =
      "period_start,period_start_date,sent,viewed,accepted,rejected,expired,accepted_value_without_tax,currency\r\n" +
      `${unix("2025-01-01T00:00:00Z")},2025-01-01,0,0,0,0,0,0,EUR\r\n` +
      `${unix("2025-02-01T00:00:00Z")},2025-02-01,1,0,1,0,0,3999,EUR\r\n` +
      `${unix("2025-03-01T00:00:00Z")},2025-03-01,0,0,0,0,0,0,EUR\r\n`;

    const byQuery = await owner.api.get(pipelinePath(owner.company.id, { ...Q1, format: "csv" }));
    expect(byQuery.status).toBe(200);
    expect(byQuery.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(byQuery.headers.get("content-disposition")).toContain(`pipeline-company-${owner.company.id}-month.csv`);
    expect(byQuery.body).toBe(expected);

    const byAccept = await owner.api.get(pipelinePath(owner.company.id, Q1), { accept: "text/csv" });
    expect(byAccept.status).toBe(200);
    expect(byAccept.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(byAccept.body).toBe(expected);

    // Weeks: a row per ISO week.
    const weekly = await owner.api.get(pipelinePath(owner.company.id, { ...Q1, interval: "week", format: "csv" }));
    expect((weekly.body as string).trimEnd().split("\r\n")).toHaveLength(1 + 14);

    // JSON otherwise.
    const json = await owner.api.get(pipelinePath(owner.company.id, { ...Q1, format: "json" }), { accept: "application/json" });
    expect(json.headers.get("content-type")).toContain("application/json");
    expect(json.body.data.series[1]).toMatchObject({ sent: 1, accepted: 1, accepted_value_without_tax: 3999 });
  });
});

describe("[PIPELINE] refusals", () => {
  it("answers 400 naming the field for an inverted or unbounded range, interval=year, a non-member user_id or language=english, changing nothing", async () => {
    const owner = await seedCompanyMember(server);
    await sentProposal(owner, { sentAt: "2025-01-10T00:00:00Z" });
    const stranger = await seedUser();
    const before = await storedProposals(owner.company.id);

    const refusals: [Record<string, string | number>, string][] = [
      [{ from: unix("2025-03-01T00:00:00Z"), to: unix("2025-02-01T00:00:00Z") }, "from"],
      [{ from: Q1.from, to: Q1.from }, "from"],
      [{ from: 0 }, "from"],
      [{ to: unix("2200-01-01T00:00:00Z") }, "to"],
      [{ from: unix("2001-01-01T00:00:00Z"), to: unix("2026-01-01T00:00:00Z") }, "from"],
      [{ from: "yesterday" }, "from"],
      [{ ...Q1, interval: "year" }, "interval"],
      [{ ...Q1, user_id: stranger.user.id }, "user_id"],
      [{ ...Q1, user_id: "not-a-uuid" }, "user_id"],
      [{ ...Q1, language: "english" }, "language"],
      [{ ...Q1, format: "xlsx" }, "format"],
    ];
    for (const [query, field] of refusals) {
      const res = await owner.api.get(pipelinePath(owner.company.id, query));
      expectProposalsError(res, 400, "VALIDATION_ERROR");
      expect(issuePaths(res), JSON.stringify(query)).toEqual([field]);
    }
    expect(await storedProposals(owner.company.id)).toEqual(before);
  });

  it("another company's member and a stranger find no company (404); a suggest key reads it like its user", async () => {
    const owner = await seedCompanyMember(server);
    await sentProposal(owner, { sentAt: "2025-01-10T00:00:00Z" });
    const outsider = await seedCompanyMember(server);
    const stranger = await seedUser();
    for (const api of [outsider.api, proposalsClient(server, stranger.key)]) {
      expectProposalsError(await api.get(pipelinePath(owner.company.id, Q1)), 404, "NOT_FOUND");
      // Even with a query that would be refused: the company is looked up first.
      expectProposalsError(await api.get(pipelinePath(owner.company.id, { interval: "year" })), 404, "NOT_FOUND");
    }
    expectProposalsError(await owner.api.get(pipelinePath(2_147_483_647, Q1)), 404, "NOT_FOUND");
    expectProposalsError(await proposalsClient(server).get(pipelinePath(owner.company.id, Q1)), 401, "UNAUTHORIZED");

    const suggestKey = await createApiKey(await getDb(), { userId: owner.user.id, name: "Reporting agent", scope: "suggest" });
    const bySuggestKey = await pipeline(proposalsClient(server, suggestKey.key), owner.company.id, Q1);
    expect(bySuggestKey).toEqual(await pipeline(owner.api, owner.company.id, Q1));
    expect(bySuggestKey.series[0].sent).toBe(1);
  });
});
