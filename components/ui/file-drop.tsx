"use client";

import { useId, useState, type DragEvent } from "react";

/**
 * Whether a file is of a kind an `accept` list names ("image/*", "application/pdf", ".pdf"), as the
 * file chooser filters it by default: a dropped file skips the chooser, so the zone checks it itself.
 */
export function isAccepted(file: File, accept: string | undefined): boolean {
  if (!accept) return true;
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return accept
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .some((entry) =>
      entry.startsWith(".") ? name.endsWith(entry) : entry.endsWith("/*") ? type.startsWith(entry.slice(0, -1)) : type === entry,
    );
}

/**
 * A file picker that takes a dropped file too: a label around a visually hidden file input, so a
 * click, Enter or Space opens the chooser, screen readers hear the field's `label`, and
 * `getByLabel(label)` reaches the input. The zone lights up while a file is dragged over it; the
 * accept hint and the chosen file's name are the input's description.
 */
export function FileDrop({
  label,
  accept,
  acceptHint,
  prompt = "Drop a file here or choose one",
  fileName,
  disabled = false,
  error,
  onFile,
}: {
  /** The field's name, read to screen readers and shown above the zone. */
  label: string;
  accept?: string;
  /** The kinds of file taken, in words: "PNG, JPEG, GIF or WebP". */
  acceptHint?: string;
  prompt?: string;
  /** The file chosen so far, shown in the zone (the parent owns it: it clears it after use). */
  fileName?: string | null;
  disabled?: boolean;
  /** A refusal from the parent (the upload failed), shown below the zone and read with the field. */
  error?: string;
  onFile: (file: File) => void;
}) {
  const id = useId();
  const [isOver, setIsOver] = useState(false);
  const [refused, setRefused] = useState<string>();
  const problem = refused ?? error;

  function take(file: File | undefined, isDropped: boolean) {
    if (!file) return;
    // The chooser lets a user pick any file ("All files"), and the server judges what it gets; a
    // drop of the wrong kind is plainly a slip, said at once.
    if (isDropped && !isAccepted(file, accept)) {
      setRefused(`${file.name} is not a file this field takes${acceptHint ? `: ${acceptHint}` : ""}.`);
      return;
    }
    setRefused(undefined);
    onFile(file);
  }

  function onDragOver(event: DragEvent<HTMLLabelElement>) {
    if (disabled || !event.dataTransfer.types.includes("Files")) return;
    // Without this the browser refuses the drop (and may open the file in the tab instead).
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setIsOver(true);
  }

  function onDragLeave(event: DragEvent<HTMLLabelElement>) {
    // Moving over the zone's own children fires leave on the zone: only leaving it counts.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsOver(false);
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setIsOver(false);
    if (disabled) return;
    take(event.dataTransfer.files[0], true);
  }

  const described = [acceptHint ? `${id}-hint` : null, fileName ? `${id}-file` : null, problem ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="space-y-1">
      <span id={`${id}-label`} className="block text-sm font-medium text-slate-700">
        {label}
      </span>
      <label
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        className={`flex w-full flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-4 py-5 text-center text-sm transition-colors has-[:focus-visible]:border-brand-500 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-100 ${
          disabled
            ? "cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400"
            : isOver
              ? "cursor-copy border-brand-500 bg-brand-50 text-brand-800"
              : `cursor-pointer bg-white text-slate-600 hover:border-brand-400 hover:bg-slate-50 ${problem ? "border-red-300" : "border-slate-300"}`
        }`}
      >
        <input
          type="file"
          accept={accept}
          disabled={disabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={described || undefined}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            take(event.target.files?.[0], false);
            // Cleared, so choosing the same file again (after a failed upload) is a change too.
            event.target.value = "";
          }}
          className="sr-only"
        />
        <svg
          viewBox="0 0 24 24"
          width={22}
          height={22}
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          className={isOver ? "text-brand-600" : "text-slate-400"}
        >
          <path d="M12 15V4M7.5 8.5 12 4l4.5 4.5M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
        </svg>
        <span className="font-medium">{isOver ? "Release to add the file" : prompt}</span>
        {acceptHint ? (
          <span id={`${id}-hint`} className="text-xs text-slate-500">
            {acceptHint}
          </span>
        ) : null}
        {fileName ? (
          <span id={`${id}-file`} className="max-w-full truncate text-xs font-medium text-slate-800">
            Chosen: {fileName}
          </span>
        ) : null}
      </label>
      {problem ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
