import { describe, expect, it } from "vitest";
import { Status } from "./schemas";
import { statusWord } from "./status-labels";
import { assertEditable, assertEditableStatus, assertTransition, isEditableStatus, TRANSITIONS, type Transition } from "./status-rules";

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
