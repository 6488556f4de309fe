"use client";

import { useState, type FormEvent } from "react";
import { BlockVideo } from "@/components/proposals/recipient/proposal-blocks";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { ApiClientError } from "@/lib/client/api";
import { issueAt } from "./format";

/** "Add a video" to a proposal: its address (http or https; a YouTube link shows the player) and title. */
export function ProposalVideoForm({ onAdd, onClose }: { onAdd: (url: string, title: string) => Promise<void>; onClose: () => void }) {
  const [url, setUrl] = useState("");
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string>();
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const parsed = new URL(url.trim());
      if (!/^https?:$/.test(parsed.protocol)) throw new Error();
    } catch {
      setError("Paste a YouTube link or the address (http or https) of a video.");
      return;
    }
    try {
      await onAdd(url.trim(), title.trim());
    } catch (e) {
      setError(e instanceof ApiClientError ? (issueAt(e.issues, "blocks") ?? e.message) : "The video could not be added.");
    }
  }
  return (
    <Modal open onClose={onClose} title="Add a video">
      <form onSubmit={submit} className="space-y-3">
        <Field
          label="Video url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={error}
          hint="A YouTube link shows the player; other links open the video."
          autoFocus
        />
        <Field label="Video title" value={title} onChange={(e) => setTitle(e.target.value)} />
        {url && !error ? <BlockVideo url={url} title={title || "Video"} /> : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Add video</Button>
        </div>
      </form>
    </Modal>
  );
}
