"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ThreadView, type ThreadLike } from "@/components/review/thread-view";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { proposalsApi } from "@/lib/client/api";
import { proposalKeys } from "@/lib/client/query-keys";
import type { ProposalDto } from "./queries";

type ProposalThread = Awaited<ReturnType<typeof readThreads>>[number];

const readThreads = (uuid: string) =>
  proposalsApi.GET("/v3/proposals/{uuid}/comments", { params: { path: { uuid } } }).then((answer) => answer.data);

const iso = (unix: number) => new Date(unix * 1000).toISOString();

/** A proposal thread in the words the course review's thread view reads (its times as ISO text). */
const asThread = (t: ProposalThread): ThreadLike => ({
  id: t.id,
  author: t.author,
  body: t.body,
  quote: null,
  status: t.status,
  resolved_at: t.resolved_at === null ? null : iso(t.resolved_at),
  resolved_by: t.resolved_by,
  created_at: iso(t.created_at),
  replies: t.replies.map((r) => ({ ...r, created_at: iso(r.created_at) })),
  block_deleted: false,
  block_text: "",
});

/**
 * The editor's "Internal comments": staff threads on the proposal or one of its blocks, with
 * replies and resolve. Only the company sees them: never the customer's page, the PDF or webhooks.
 */
export function InternalComments({ proposal }: { proposal: ProposalDto }) {
  const client = useQueryClient();
  const headingId = useId();
  const threads = useQuery({
    queryKey: proposalKeys.comments(proposal.uuid),
    queryFn: () => readThreads(proposal.uuid),
    refetchInterval: 20_000,
  });
  const refresh = () => client.invalidateQueries({ queryKey: proposalKeys.comments(proposal.uuid) });
  const add = useMutation({
    mutationFn: (body: { body: string; block_uuid?: string }) =>
      proposalsApi.POST("/v3/proposals/{uuid}/comments", { params: { path: { uuid: proposal.uuid } }, body }),
    onSuccess: refresh,
  });
  const [text, setText] = useState("");
  const [about, setAbout] = useState("");
  const blockName = (uuid: string | null) => {
    const at = proposal.blocks.findIndex((b) => b.uuid === uuid);
    return at >= 0 ? `Block ${at + 1}: ${proposal.blocks[at].title || "Untitled"}` : null;
  };

  return (
    <section aria-labelledby={headingId} data-internal-comments className="space-y-3">
      <div>
        <h2 id={headingId} className="text-sm font-semibold text-slate-900">
          Internal comments
        </h2>
        <p className="text-xs text-slate-500">Only your company sees these: never the customer, the PDF or webhooks.</p>
      </div>
      {threads.isError ? <Alert>The comments could not be loaded: {threads.error.message}</Alert> : null}
      {(threads.data ?? []).map((t) => (
        <div key={t.id} className="space-y-1">
          {t.block_uuid ? (
            <p className="text-xs font-medium text-slate-600">On {blockName(t.block_uuid) ?? "a block no longer here"}</p>
          ) : null}
          <ThreadView
            thread={asThread(t)}
            members={[]}
            onReply={(body) =>
              proposalsApi
                .POST("/v3/proposals/{uuid}/comments/{commentId}/replies", {
                  params: { path: { uuid: proposal.uuid, commentId: t.id } },
                  body: { body },
                })
                .then(refresh)
            }
            onStatus={(status) =>
              proposalsApi
                .PATCH("/v3/proposals/{uuid}/comments/{commentId}", {
                  params: { path: { uuid: proposal.uuid, commentId: t.id } },
                  body: { status },
                })
                .then(refresh)
            }
          />
        </div>
      ))}
      <form
        aria-label="New internal comment"
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!text.trim()) return;
          add.mutate({ body: text.trim(), block_uuid: about || undefined }, { onSuccess: () => setText("") });
        }}
      >
        <label className="block space-y-1 text-sm font-medium text-slate-700">
          About
          <select
            value={about}
            onChange={(e) => setAbout(e.target.value)}
            className="block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
          >
            <option value="">The whole proposal</option>
            {proposal.blocks.map((b) => (
              <option key={b.uuid} value={b.uuid}>
                {blockName(b.uuid)}
              </option>
            ))}
          </select>
        </label>
        <label className="block space-y-1 text-sm font-medium text-slate-700">
          Internal comment
          <textarea
            rows={3}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
          />
        </label>
        {add.error ? <Alert>{add.error.message}</Alert> : null}
        <Button type="submit" disabled={add.isPending || !text.trim()} className="px-3 py-1.5 text-sm">
          Add comment
        </Button>
      </form>
    </section>
  );
}
