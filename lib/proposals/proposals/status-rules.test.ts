import { describe, expect, it } from "vitest";
import { Status } from "./schemas";
import { statusWord } from "./status-labels";
import {
  assertArchivable,
  assertCustomerMay,
  assertEditable,
  assertEditableStatus,
  assertTransition,
  assertVersionable,
  closedMessage,
  isEditableStatus,
  STATUS_RULES,
  statusAllows,
  TRANSITIONS,
  type CustomerAction,
  type ReadStatus,
  type StatusRule,
  type Transition,
} from "./status-rules";

/** What `act` throws, to read its code and message. */
function refusal(act: () => void) {
  try {
    act();
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error("not refused");
}

const API_WORDS = /\b(active|rejected)\b/;

describe("[PROPOSALS] a refusal by status names it in the words people read (docs/decisions/042)", () => {
  it("says declined and sent where the API says rejected and active, for the status and for the action", () => {
    expect(refusal(() => assertTransition("accept", "rejected"))).toMatchObject({
      code: "not_editable",
      message: "A proposal that is declined cannot be accepted",
    });
    expect(refusal(() => assertTransition("send", "active")).message).toBe("A proposal that is sent cannot be sent");
    expect(refusal(() => assertTransition("reject", "accepted")).message).toBe("A proposal that is accepted cannot be declined");
  });

  it("never shows the API's words, whichever change or edit a status refuses", () => {
    for (const status of Status.options) {
      for (const action of Object.keys(TRANSITIONS) as Transition[]) {
        if ((TRANSITIONS[action].from as readonly string[]).includes(status)) continue;
        const { message } = refusal(() => assertTransition(action, status));
        expect(message).toContain(statusWord(status));
        expect(message).not.toMatch(API_WORDS);
      }
      if (isEditableStatus(status) || status === "withdrawn") continue;
      const edits = [
        refusal(() => assertEditable({ companyId: 1, status }, 1)),
        refusal(() => assertEditableStatus(status, "block")),
        refusal(() => assertEditableStatus(status, "data")),
      ];
      for (const { code, message } of edits) {
        expect(code).toBe("not_editable");
        expect(message).toContain(`that is ${statusWord(status)}`);
        expect(message).not.toMatch(API_WORDS);
      }
    }
  });
});

/**
 * The whole table, every rule against every status (as read): x allows, - refuses. A change to a
 * rule is a change to this grid.
 */
// prettier-ignore
const GRID = `
                draft  template  active  accepted  rejected  replaced  expired  withdrawn
edit              x       x        -        -         -         -         -         -
send              x       -        -        -         -         -         -         -
withdraw          -       -        x        -         -         -         x         -
newVersion        x       x        x        x         x         x         x         -
archive           x       x        x        x         x         x         x         x
accept            -       -        x        -         -         -         -         -
reject            -       -        x        -         -         -         -         -
view              -       -        x        x         x         x         x         x
choose            -       -        x        -         -         -         -         -
askForChanges     -       -        x        -         -         -         -         -
open              -       -        x        -         -         -         x         -
remind            -       -        x        -         -         -         -         -
`;

function parseGrid(grid: string) {
  const [header, ...rows] = grid
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/));
  return {
    statuses: header as ReadStatus[],
    rules: Object.fromEntries(
      rows.map(([rule, ...marks]) => [rule, Object.fromEntries(header.map((status, i) => [status, marks[i] === "x"]))]),
    ),
  };
}

describe("[PROPOSALS] one table says what each status allows, for the staff and the customer (docs/decisions/056)", () => {
  const expected = parseGrid(GRID);

  it("allows each action in exactly the statuses of the grid, every action against every status", () => {
    expect([...expected.statuses].sort()).toEqual([...Status.options].sort());
    expect(Object.keys(expected.rules).sort()).toEqual(Object.keys(STATUS_RULES).sort());
    const actual = Object.fromEntries(
      (Object.keys(STATUS_RULES) as StatusRule[]).map((rule) => [
        rule,
        Object.fromEntries(expected.statuses.map((status) => [status, statusAllows(rule, status)])),
      ]),
    );
    expect(actual).toEqual(expected.rules);
  });

  it("changes status only by its transitions, each from the statuses its action's rule allows", () => {
    expect(Object.fromEntries(Object.entries(TRANSITIONS).map(([action, { to }]) => [action, to]))).toEqual({
      send: "active",
      accept: "accepted",
      reject: "rejected",
      withdraw: "withdrawn",
    });
    for (const action of Object.keys(TRANSITIONS) as Transition[]) expect(TRANSITIONS[action].from).toEqual(STATUS_RULES[action]);
  });

  it("tells the customer why their page no longer takes an answer, a choice or a request for changes", () => {
    const expiresAt = new Date("2026-03-31T12:00:00Z");
    const why: Partial<Record<ReadStatus, string>> = {
      accepted: "This proposal has already been accepted",
      rejected: "This proposal has already been declined",
      expired: "This proposal expired on 2026-03-31: ask the sender for a new one",
      replaced: "This proposal has been replaced by a newer version: answer the current one, or ask the sender to send it to you",
      withdrawn: "The sender has withdrawn this proposal",
    };
    for (const action of ["accept", "reject", "choose", "askForChanges"] as CustomerAction[]) {
      expect(() => assertCustomerMay(action, { status: "active", expiresAt })).not.toThrow();
      for (const [status, message] of Object.entries(why) as [ReadStatus, string][]) {
        expect(refusal(() => assertCustomerMay(action, { status, expiresAt }))).toMatchObject({ code: "not_editable", message });
      }
    }
    expect(closedMessage("expired", null)).toBe("This proposal expired on its expiry date: ask the sender for a new one");
  });

  it("refuses a new version and any edit of a withdrawn proposal first, as PROPOSAL_WITHDRAWN", () => {
    expect(refusal(() => assertVersionable({ companyId: 1, status: "withdrawn" }, 1))).toMatchObject({
      code: "proposal_withdrawn",
      message: "A withdrawn proposal gets no new version",
    });
    expect(refusal(() => assertEditable({ companyId: 1, status: "withdrawn" }, 1))).toMatchObject({
      code: "proposal_withdrawn",
      message: "This proposal is withdrawn",
    });
    for (const status of Status.options) expect(() => assertArchivable(status, true)).not.toThrow();
  });
});
