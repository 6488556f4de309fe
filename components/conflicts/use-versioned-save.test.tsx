// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ApiClientError } from "@/lib/client/api";
import { renderHook } from "@/test/render-hook";
import { baseOf } from "./save-on-version";
import { useVersionedSave } from "./use-versioned-save";

type Item = { updated_at: string; name: string; position: number };

const item = (updated_at: string, name: string, position = 0): Item => ({ updated_at, name, position });
const nameOf = (i: Item) => i.name;

/** A server holding one item's versions: a save whose If-Match is not the latest is refused with it (409 `conflict`). */
function server(first: Item) {
  const versions = [first];
  const sent: string[] = [];
  const now = () => versions[versions.length - 1];
  return {
    sent,
    now,
    /** Someone else saves a version meanwhile. */
    elsewhere: (name: string, position = now().position) => versions.push(item(`${now().updated_at}'`, name, position)),
    send: async (name: string, ifMatch: string) => {
      sent.push(ifMatch);
      if (ifMatch !== now().updated_at) throw new ApiClientError(409, "Changed elsewhere", "conflict", [], { current: now() });
      versions.push(item(`${now().updated_at}+`, name, now().position));
      return now();
    },
  };
}

const unmounts: (() => void)[] = [];
afterEach(() => unmounts.splice(0).forEach((unmount) => unmount()));

/** A name editor opened on the server's item as it is now: keep mine saves again; take theirs is written down in `shown`. */
function editor(db: ReturnType<typeof server>, send = db.send) {
  const shown: string[] = [];
  const rendered = renderHook(() =>
    useVersionedSave<Item, string>({
      initialBase: () => baseOf(db.now(), nameOf),
      partOf: nameOf,
      send,
      keepMine: ({ mine }) => void rendered.result.current.save(mine),
      takeTheirs: ({ theirs, mine }) => {
        shown.push(theirs.name);
        return {
          message: `The category keeps the other name, “${theirs.name}”.`,
          undo: () => rendered.result.current.saveOrToast(mine, `“${mine}” was not saved: the category was changed again elsewhere.`),
        };
      },
    }),
  );
  unmounts.push(rendered.unmount);
  return { ...rendered, shown };
}

/** Lets the saves started by a click (keep mine, Undo) finish. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe("[CONFLICTS] an editor's If-Match saves", () => {
  it("sends each save on the version the one before left", async () => {
    const db = server(item("v1", "Cells"));
    const { result } = editor(db);
    expect(await act(() => result.current.save("Cell"))).toEqual({ outcome: "saved", item: item("v1+", "Cell") });
    await act(() => result.current.save("Cells and tissues"));
    expect(db.sent).toEqual(["v1", "v1+"]);
    expect(result.current.currentBase()).toEqual({ updatedAt: "v1++", value: "Cells and tissues" });
    expect(result.current.conflict).toBeUndefined();
  });

  it("saves over a move made elsewhere without asking, and counts theirs as done when it already is the draft", async () => {
    const db = server(item("v1", "Cells"));
    const { result } = editor(db);
    db.elsewhere("Cells", 3);
    expect(await act(() => result.current.save("Cell"))).toEqual({ outcome: "saved", item: item("v1'+", "Cell", 3) });
    db.elsewhere("Tissues");
    expect(await act(() => result.current.save("Tissues"))).toEqual({ outcome: "same", item: item("v1'+'", "Tissues", 3) });
    expect(result.current.currentBase().updatedAt).toBe("v1'+'");
    expect(result.current.conflict).toBeUndefined();
  });

  it("asks when the part was changed elsewhere, with theirs, mine and the base mine was typed over", async () => {
    const db = server(item("v1", "Cells"));
    const { result } = editor(db);
    db.elsewhere("Tissues");
    expect((await act(() => result.current.save("Cell"))).outcome).toBe("conflict");
    expect(result.current.conflict).toEqual({ theirs: item("v1'", "Tissues"), mine: "Cell", base: { updatedAt: "v1", value: "Cells" } });
    expect(db.now().name).toBe("Tissues");
  });

  it("keep mine saves mine on their version", async () => {
    const db = server(item("v1", "Cells"));
    const { result } = editor(db);
    db.elsewhere("Tissues");
    await act(() => result.current.save("Cell"));
    act(() => result.current.keepMine());
    await settle();
    expect(db.sent).toEqual(["v1", "v1'"]);
    expect(db.now().name).toBe("Cell");
    expect(result.current.conflict).toBeUndefined();
  });

  it("a conflict answered after the author chose is not asked again: the chosen text stays saved", async () => {
    const db = server(item("v1", "Cells"));
    let answerLate!: () => void;
    const late = new Promise<void>((resolve) => (answerLate = resolve));
    let calls = 0;
    // The first save is answered at once, the second (sent on the same old version) only later.
    const { result } = editor(db, async (name, ifMatch) => {
      calls += 1;
      if (calls === 2) await late;
      return db.send(name, ifMatch);
    });
    db.elsewhere("Tissues");
    await act(() => result.current.save("Cell"));
    const second = act(() => result.current.save("Cells!"));
    act(() => result.current.keepMine());
    await settle();
    expect(db.now().name).toBe("Cell");
    answerLate();
    expect((await second).outcome).toBe("conflict");
    expect(result.current.conflict).toBeUndefined();
  });

  it("take theirs moves the base onto their version, and its Undo saves mine on it", async () => {
    const db = server(item("v1", "Cells"));
    const { result, shown, page, click } = editor(db);
    db.elsewhere("Tissues");
    await act(() => result.current.save("Cell"));
    act(() => result.current.takeTheirs());
    expect(shown).toEqual(["Tissues"]);
    expect(result.current.currentBase()).toEqual({ updatedAt: "v1'", value: "Tissues" });
    expect(page.textContent).toContain("The category keeps the other name, “Tissues”.");
    click("Undo");
    await settle();
    expect(db.sent).toEqual(["v1", "v1'"]);
    expect(db.now().name).toBe("Cell");
  });

  it("an Undo that meets yet another version says so in a toast, and saves nothing", async () => {
    const db = server(item("v1", "Cells"));
    const { result, page, click } = editor(db);
    db.elsewhere("Tissues");
    await act(() => result.current.save("Cell"));
    act(() => result.current.takeTheirs());
    db.elsewhere("Organs");
    click("Undo");
    await settle();
    expect(page.querySelector('[role="alert"]')?.textContent).toContain("“Cell” was not saved: the category was changed again elsewhere.");
    expect(db.now().name).toBe("Organs");
  });

  it("throws a failure that is not a conflict, and keeps the base", async () => {
    const db = server(item("v1", "Cells"));
    const offline = new ApiClientError(0, "The server did not answer.");
    const { result } = editor(db, () => Promise.reject(offline));
    await expect(act(() => result.current.save("Cell"))).rejects.toBe(offline);
    expect(result.current.currentBase()).toEqual({ updatedAt: "v1", value: "Cells" });
    expect(result.current.conflict).toBeUndefined();
  });

  it("saveOrToast says a failure that is not a conflict in a toast", async () => {
    const db = server(item("v1", "Cells"));
    const { result, page } = editor(db, () => Promise.reject(new ApiClientError(0, "The server did not answer.")));
    act(() => result.current.saveOrToast("Cell", "Changed again."));
    await settle();
    expect(page.querySelector('[role="alert"]')?.textContent).toContain("The server did not answer.");
  });
});
