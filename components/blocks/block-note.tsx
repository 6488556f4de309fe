import type { ReactNode } from "react";

/** The empty block: a small note where content cannot be shown, never an error page. */
export function BlockNote({ children = "This block cannot be shown." }: { children?: ReactNode }) {
  return (
    <div role="note" className="rounded-md border border-dashed border-slate-300 bg-slate-50 px-3 py-2 text-xs text-slate-500">
      {children}
    </div>
  );
}

export function Caption({ children }: { children: string }) {
  return children.trim() ? <figcaption className="mt-2 text-center text-xs text-slate-500">{children}</figcaption> : null;
}
