import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";

/** What the editor shows while the lesson (`withTitle`) or only its blocks load. */
export function EditorSkeleton({ withTitle = true }: { withTitle?: boolean }) {
  return (
    <LoadingPlaceholder label={withTitle ? "Loading the lesson" : "Loading the blocks"} className="space-y-4">
      {withTitle ? (
        <>
          <div className="h-4 w-40 animate-pulse rounded bg-slate-200" />
          <div className="h-9 w-2/3 animate-pulse rounded bg-slate-200" />
        </>
      ) : null}
      {[0, 1, 2].map((i) => (
        <div key={i} className="rounded-lg border border-slate-200 bg-white">
          <div className="h-10 border-b border-slate-100 bg-slate-50" />
          <div className="grid gap-5 p-4 lg:grid-cols-2">
            <div className="h-28 animate-pulse rounded bg-slate-100" />
            <div className="h-28 animate-pulse rounded bg-slate-100" />
          </div>
        </div>
      ))}
    </LoadingPlaceholder>
  );
}
