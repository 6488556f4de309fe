import { describe, expect, it } from "vitest";
import { Status } from "./schemas";
import { statusDescription, statusLabel, statusWord } from "./status-labels";

describe("[PROPOSALS] the words people read for a proposal's status", () => {
  it("name every status the API answers with, each with its own label and a meaning", () => {
    const labels = Status.options.map(statusLabel);
    expect(new Set(labels).size).toBe(Status.options.length);
    for (const status of Status.options) expect(statusDescription(status).length).toBeGreaterThan(0);
  });

  it("say sent and declined where the API says active and rejected", () => {
    expect(Object.fromEntries(Status.options.map((status) => [status, statusLabel(status)]))).toEqual({
      draft: "Draft",
      template: "Template",
      active: "Sent",
      accepted: "Accepted",
      rejected: "Declined",
      replaced: "Replaced",
      expired: "Expired",
      withdrawn: "Withdrawn",
    });
  });

  it("read the label in lower case inside a sentence", () => {
    expect(`This proposal was ${statusWord("rejected")}`).toBe("This proposal was declined");
    expect(statusWord("active")).toBe("sent");
  });
});
