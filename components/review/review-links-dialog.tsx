"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { Modal } from "@/components/ui/modal";
import { authoringApi } from "@/lib/client/api";
import { reviewKeys } from "@/lib/client/query-keys";
import { when } from "./thread-view";

/**
 * A course's review links: make one (comments only, or suggestions too; with an end date or not),
 * copy it, close it. A link opens the course, drafts included, to anyone who has it, until closed.
 */
export function ReviewLinksDialog({ courseId, title, onClose }: { courseId: string; title: string; onClose: () => void }) {
  const client = useQueryClient();
  const links = useQuery({
    queryKey: reviewKeys.links(courseId),
    queryFn: () => authoringApi.GET("/courses/{courseId}/review-links", { params: { path: { courseId } } }),
  });
  const refresh = () => client.invalidateQueries({ queryKey: reviewKeys.links(courseId) });
  const create = useMutation({
    mutationFn: (body: { allow_suggestions: boolean; expires_at?: string }) =>
      authoringApi.POST("/courses/{courseId}/review-links", { params: { path: { courseId } }, body }),
    onSuccess: refresh,
  });
  const close = useMutation({
    mutationFn: (reviewLinkId: string) => authoringApi.DELETE("/review-links/{reviewLinkId}", { params: { path: { reviewLinkId } } }),
    onSuccess: refresh,
  });
  const [allowSuggestions, setAllowSuggestions] = useState(false);
  const [until, setUntil] = useState("");
  const open = (links.data?.review_links ?? []).filter((l) => !l.closed_at && (!l.expires_at || new Date(l.expires_at) > new Date()));
  const ended = (links.data?.review_links ?? []).filter((l) => !open.includes(l));

  return (
    <Modal
      open
      onClose={onClose}
      title={`Review links for “${title}”`}
      description="Anyone with a link reads the course, drafts included, as learners will see it, and comments on its blocks after giving a name and an email address. Closing a link ends its access at once."
      footer={
        <div className="flex justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            Done
          </Button>
        </div>
      }
    >
      <div className="space-y-5">
        <form
          aria-label="New review link"
          className="space-y-3 rounded-md border border-slate-200 p-3"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({
              allow_suggestions: allowSuggestions,
              expires_at: until ? new Date(`${until}T23:59:59`).toISOString() : undefined,
            });
          }}
        >
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={allowSuggestions}
              onChange={(e) => setAllowSuggestions(e.target.checked)}
              className="mt-1 h-4 w-4 accent-brand-600"
            />
            <span>
              Reviewers may suggest edits too
              <span className="block text-xs text-slate-500">You accept or reject each one; nothing changes without you.</span>
            </span>
          </label>
          <label className="block space-y-1 text-sm font-medium text-slate-700">
            Open until (optional)
            <input
              type="date"
              value={until}
              min={new Date().toISOString().slice(0, 10)}
              onChange={(e) => setUntil(e.target.value)}
              className="block rounded-md border border-slate-300 px-3 py-1.5 text-sm"
            />
          </label>
          {create.error ? <Alert>{create.error.message}</Alert> : null}
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create review link"}
          </Button>
        </form>

        {links.isError ? <Alert>Could not load the links: {links.error.message}</Alert> : null}
        <section aria-label="Open review links" className="space-y-3">
          <h3 className="text-sm font-semibold text-slate-900">Open links</h3>
          {links.isSuccess && !open.length ? <p className="text-sm text-slate-500">No open links.</p> : null}
          {open.map((link) => (
            <div key={link.id} className="space-y-2 rounded-md border border-slate-200 p-3">
              <CopyField label="Review link" value={link.url} copyLabel="Copy link" />
              <p className="text-xs text-slate-600">
                {link.allow_suggestions ? "Comments and suggested edits" : "Comments only"} · made {when(link.created_at)}
                {link.expires_at ? ` · open until ${when(link.expires_at)}` : ""}
              </p>
              <Button
                type="button"
                variant="danger"
                disabled={close.isPending}
                onClick={() => close.mutate(link.id)}
                className="px-2.5 py-1 text-xs"
              >
                Close this link
              </Button>
            </div>
          ))}
        </section>
        {ended.length ? (
          <details className="text-sm text-slate-600">
            <summary className="cursor-pointer">Closed and expired links ({ended.length})</summary>
            <ul className="mt-2 space-y-1">
              {ended.map((link) => (
                <li key={link.id}>
                  Made {when(link.created_at)}; {link.closed_at ? `closed ${when(link.closed_at)}` : `expired ${when(link.expires_at!)}`}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
    </Modal>
  );
}
