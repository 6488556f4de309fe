// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { renderHook } from "@/test/render-hook";
import { useConflictChoice, type Conflict } from "./use-conflict-choice";

type TitleConflict = Conflict & { theirs: { updated_at: string; title: string }; mine: string };

const conflict: TitleConflict = { theirs: { updated_at: "v2", title: "Theirs" }, mine: "Mine" };

/** A title editor's answers, each written down in `done` as it happens. */
function editor() {
  const done: string[] = [];
  const rendered = renderHook(() =>
    useConflictChoice<TitleConflict>({
      rebase: (theirs) => done.push(`rebase ${theirs.updated_at}`),
      keepMine: ({ mine }) => done.push(`save ${mine}`),
      takeTheirs: ({ theirs, mine }) => {
        done.push(`show ${theirs.title}`);
        return { message: `The title is “${theirs.title}” again.`, undo: () => done.push(`show ${mine}`) };
      },
      onDismiss: () => done.push("dismissed"),
    }),
  );
  unmounts.push(rendered.unmount);
  return { ...rendered, done };
}

const unmounts: (() => void)[] = [];
afterEach(() => unmounts.splice(0).forEach((unmount) => unmount()));

describe("[CONFLICTS] the choice a refused save asks for", () => {
  it("holds the conflict while it waits for an answer", () => {
    const { result } = editor();
    expect(result.current.conflict).toBeUndefined();
    act(() => result.current.open(conflict));
    expect(result.current.conflict).toEqual(conflict);
  });

  it("keep mine: moves the base onto their version first, then saves mine on it, and asks no more", () => {
    const { result, done } = editor();
    act(() => result.current.open(conflict));
    act(() => result.current.keepMine());
    expect(done).toEqual(["rebase v2", "save Mine"]);
    expect(result.current.conflict).toBeUndefined();
  });

  it("take theirs: moves the base onto theirs, shows it and says so with an Undo that brings mine back", () => {
    const { result, done, page, click } = editor();
    act(() => result.current.open(conflict));
    act(() => result.current.takeTheirs());
    expect(done).toEqual(["rebase v2", "show Theirs"]);
    expect(result.current.conflict).toBeUndefined();
    expect(page.querySelector('[role="status"]')?.textContent).toContain("The title is “Theirs” again.");
    click("Undo");
    expect(done).toEqual(["rebase v2", "show Theirs", "show Mine"]);
    expect(page.textContent).not.toContain("The title is “Theirs” again.");
  });

  it("closing without an answer keeps the base where it was and leaves mine unsaved", () => {
    const { result, done } = editor();
    act(() => result.current.open(conflict));
    act(() => result.current.dismiss());
    expect(done).toEqual(["dismissed"]);
    expect(result.current.conflict).toBeUndefined();
  });

  it("an answer with no conflict open does nothing (a second click on the closing dialog)", () => {
    const { result, done, page } = editor();
    act(() => result.current.open(conflict));
    act(() => result.current.keepMine());
    act(() => {
      result.current.keepMine();
      result.current.takeTheirs();
    });
    expect(done).toEqual(["rebase v2", "save Mine"]);
    expect(page.querySelector('[role="status"]')).toBeNull();
  });
});
