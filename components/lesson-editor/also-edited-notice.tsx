"use client";

/**
 * Who else saved in the lesson lately (`who`, from the server: other authors, this author's other
 * tabs) and which blocks this page saw change (`blockNumbers`, undefined when none).
 */
export function AlsoEditedNotice({ who, blockNumbers }: { who?: string; blockNumbers?: number[] }) {
  const which = !blockNumbers
    ? undefined
    : blockNumbers.length === 0
      ? "A block"
      : blockNumbers.length === 1
        ? `Block ${blockNumbers[0]}`
        : `Blocks ${blockNumbers.slice(0, -1).join(", ")} and ${blockNumbers.at(-1)}`;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <p>
        <span className="font-semibold">Also being edited {who ? `by ${who}` : "in another tab or by another author"}</span>
        {which ? (
          <>
            : {which} {blockNumbers!.length > 1 ? "were" : "was"} saved there in the last few minutes.
          </>
        ) : (
          <>, who saved changes in the last few minutes.</>
        )}{" "}
        Before your changes to a block are saved over theirs, you choose which version to keep.
      </p>
      <button type="button" className="font-medium underline" onClick={() => window.location.reload()}>
        Show the latest
      </button>
    </div>
  );
}
