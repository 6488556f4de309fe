import { describe, expect, it } from "vitest";
import { ApiClientError } from "@/lib/client/api";
import { baseOf, conflictOf, saveOnVersion } from "./save-on-version";

type Item = { updated_at: string; title: string; position: number };

const item = (updated_at: string, title: string, position = 0): Item => ({ updated_at, title, position });
const refused = (current: Item) => new ApiClientError(409, "Changed elsewhere", "conflict", [], { current });
const titleOf = (i: Item) => i.title;

/** A server holding `versions` one after another: a save whose If-Match is not the latest is refused with it. */
function server(...versions: Item[]) {
  const sent: string[] = [];
  const send = async (ifMatch: string, title: string) => {
    sent.push(ifMatch);
    const now = versions[versions.length - 1];
    if (ifMatch !== now.updated_at) throw refused(now);
    const saved = item(`${now.updated_at}+`, title, now.position);
    versions.push(saved);
    return saved;
  };
  return { sent, send };
}

describe("[CONFLICTS] saving on a version (If-Match)", () => {
  it("reads the item now from a 409 conflict, and nothing from any other failure", () => {
    const current = item("v2", "Theirs");
    expect(conflictOf<Item>(refused(current))).toEqual(current);
    expect(conflictOf(new ApiClientError(409, "Name taken", "conflict"))).toBeUndefined();
    expect(conflictOf(new ApiClientError(400, "Bad", "validation_error", [], { current }))).toBeUndefined();
    expect(conflictOf(new Error("offline"))).toBeUndefined();
  });

  it("saves on the base's version when nothing changed meanwhile", async () => {
    const { sent, send } = server(item("v1", "Cells"));
    const result = await saveOnVersion({
      base: baseOf(item("v1", "Cells"), titleOf),
      mine: "Mine",
      partOf: titleOf,
      send: (v) => send(v, "Mine"),
    });
    expect(result).toEqual({ outcome: "saved", item: item("v1+", "Mine") });
    expect(sent).toEqual(["v1"]);
  });

  it("retries on the new version when the change elsewhere left this editor's part alone (a move)", async () => {
    const { sent, send } = server(item("v1", "Cells"), item("v2", "Cells", 3));
    const result = await saveOnVersion({
      base: baseOf(item("v1", "Cells"), titleOf),
      mine: "Mine",
      partOf: titleOf,
      send: (v) => send(v, "Mine"),
    });
    expect(result).toEqual({ outcome: "saved", item: item("v2+", "Mine", 3) });
    expect(sent).toEqual(["v1", "v2"]);
  });

  it("counts a version saved elsewhere with exactly the draft as done, and asks about any other", async () => {
    const base = baseOf(item("v1", "Cells"), titleOf);
    const same = server(item("v1", "Cells"), item("v2", "Mine"));
    expect(await saveOnVersion({ base, mine: "Mine", partOf: titleOf, send: (v) => same.send(v, "Mine") })).toEqual({
      outcome: "same",
      item: item("v2", "Mine"),
    });
    const other = server(item("v1", "Cells"), item("v2", "Theirs"));
    expect(await saveOnVersion({ base, mine: "Mine", partOf: titleOf, send: (v) => other.send(v, "Mine") })).toEqual({
      outcome: "conflict",
      item: item("v2", "Theirs"),
    });
    expect(other.sent).toEqual(["v1"]);
  });

  it("gives up retrying after two moves in a row, and asks", async () => {
    let version = 1;
    const send = async (): Promise<Item> => {
      throw refused(item(`v${++version}`, "Cells", version));
    };
    const result = await saveOnVersion({ base: baseOf(item("v1", "Cells"), titleOf), mine: "Mine", partOf: titleOf, send });
    expect(result).toEqual({ outcome: "conflict", item: item("v4", "Cells", 4) });
  });

  it("asks about any other version when the base's part is unknown (a draft restored after a reload)", async () => {
    const { sent, send } = server(item("v1", "Cells"), item("v2", "Cells", 3));
    const base = { updatedAt: "v1", value: null as string | null };
    const result = await saveOnVersion({ base, mine: "Mine", partOf: titleOf, send: (v) => send(v, "Mine") });
    expect(result).toEqual({ outcome: "conflict", item: item("v2", "Cells", 3) });
    expect(sent).toEqual(["v1"]);
  });

  it("throws any failure but a conflict", async () => {
    const offline = new ApiClientError(0, "The server did not answer.");
    await expect(
      saveOnVersion({ base: baseOf(item("v1", "Cells"), titleOf), mine: "Mine", partOf: titleOf, send: () => Promise.reject(offline) }),
    ).rejects.toBe(offline);
  });
});
