"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { ApiClientError } from "@/lib/client/api";
import {
  missingImagesOf,
  useExportCourse,
  type ExportChoice,
  type ExportFormat,
  type ExportedFile,
  type MissingImage,
  type Progress,
} from "./queries";

const FORMATS: { value: ExportFormat; label: string; hint: string }[] = [
  { value: "scorm12", label: "SCORM 1.2", hint: "For almost any LMS" },
  { value: "scorm2004", label: "SCORM 2004", hint: "4th edition, for LMSs that prefer it" },
  { value: "cmi5", label: "cmi5", hint: "xAPI-based, for modern LMSs" },
  { value: "archive", label: "Course archive", hint: "To import into another project of this app" },
];

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

function ProgressLine({ progress }: { progress: Progress }) {
  const { received, total } = progress;
  return (
    <div className="space-y-1">
      {total ? (
        <progress aria-label="Export progress" max={total} value={received} className="w-full" />
      ) : (
        <progress aria-label="Export progress" className="w-full" />
      )}
      <p role="status" className="text-sm text-slate-600">
        {received === 0 ? "Preparing the file…" : `Downloading… ${megabytes(received)}${total ? ` of ${megabytes(total)}` : ""}`}
      </p>
    </div>
  );
}

/** Saves the file under the server's name, as a click on a download link would. */
function saveFile(file: ExportedFile) {
  const link = document.createElement("a");
  link.href = file.url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
}

/** The file, saved once at once and offered again as a link to its Blob. */
function DownloadReady({ file }: { file: ExportedFile }) {
  return (
    <Alert tone="success">
      <span className="break-all">
        {file.filename} ({megabytes(file.blob.size)}) is ready.{" "}
      </span>
      <a href={file.url} download={file.filename} className="font-medium underline">
        Save it again
      </a>
    </Alert>
  );
}

/** The images a package could not hold, each with its lesson and why, and the way on without them. */
function MissingImages({ images, onLink, busy }: { images: MissingImage[]; onLink: () => void; busy: boolean }) {
  return (
    <Alert>
      <p className="font-medium">
        {images.length === 1
          ? "An image could not be copied into the package"
          : `${images.length} images could not be copied into the package`}
        . A package must hold everything it shows: an LMS often cannot reach other servers.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {images.map((image) => (
          <li key={image.block_id} className="break-words">
            In “{image.lesson_title}”: <span className="break-all">{image.url}</span> ({image.reason})
          </li>
        ))}
      </ul>
      <p className="mt-2">
        Replace or remove {images.length === 1 ? "it" : "them"} in the lesson, or export now with links to their addresses.
      </p>
      <Button type="button" variant="secondary" className="mt-2" onClick={onLink} disabled={busy}>
        Export with image links
      </Button>
    </Alert>
  );
}

function RadioRow({
  name,
  value,
  checked,
  label,
  hint,
  onChange,
  disabled,
}: {
  name: string;
  value: string;
  checked: boolean;
  label: string;
  hint?: string;
  onChange: () => void;
  disabled?: boolean;
}) {
  return (
    <label className={`flex items-start gap-2 text-sm ${disabled ? "text-slate-400" : "text-slate-800"}`}>
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} disabled={disabled} className="mt-0.5" />
      <span>
        <span className="font-medium">{label}</span>
        {hint ? <span className="block text-xs text-slate-500">{hint}</span> : null}
      </span>
    </label>
  );
}

/**
 * Exporting a course: a SCORM 1.2, SCORM 2004 or cmi5 package for an LMS, or the course archive
 * for another project. The file is read here with its progress, then saved under the server's name.
 */
export function ExportDialog({ courseId, title, onClose }: { courseId: string; title: string; onClose: () => void }) {
  const id = useId();
  const [choice, setChoice] = useState<ExportChoice>({
    format: "scorm12",
    include_drafts: false,
    completion: "viewed",
    passing_score: null,
  });
  const exporting = useExportCourse(courseId);
  // The Blob of the last export stays while the dialog offers it; freed when another replaces it or the dialog closes.
  const blobUrl = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (blobUrl.current) URL.revokeObjectURL(blobUrl.current);
    },
    [],
  );
  const onExported = (file: ExportedFile) => {
    if (blobUrl.current) URL.revokeObjectURL(blobUrl.current);
    blobUrl.current = file.url;
    saveFile(file);
  };
  const isPackage = choice.format !== "archive";
  const score = choice.passing_score;
  const scoreValid = score === null || (Number.isInteger(score) && score >= 0 && score <= 100);
  const set = (change: Partial<ExportChoice>) => {
    exporting.reset();
    setChoice((c) => ({ ...c, ...change }));
  };
  const error = exporting.error;
  const isUnpublished = error instanceof ApiClientError && error.status === 409;
  const missingImages = missingImagesOf(error);

  return (
    <Modal
      open
      onClose={onClose}
      title={`Export “${title}”`}
      description="A package to upload to an LMS, or an archive to import into another project."
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            Close
          </Button>
          <Button
            type="button"
            onClick={() => exporting.mutate(choice, { onSuccess: onExported })}
            disabled={exporting.isPending || (isPackage && choice.completion === "quiz" && !scoreValid)}
            data-autofocus
          >
            {exporting.isPending ? "Exporting…" : "Export"}
          </Button>
        </div>
      }
    >
      <div className="space-y-5">
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">Format</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {FORMATS.map((f) => (
              <RadioRow
                key={f.value}
                name={`${id}-format`}
                value={f.value}
                checked={choice.format === f.value}
                label={f.label}
                hint={f.hint}
                onChange={() => set({ format: f.value })}
              />
            ))}
          </div>
        </fieldset>

        {isPackage ? (
          <>
            <fieldset className="space-y-2">
              <legend className="mb-1 text-sm font-medium text-slate-700">Completion</legend>
              <RadioRow
                name={`${id}-completion`}
                value="viewed"
                checked={choice.completion === "viewed"}
                label="Every lesson viewed"
                onChange={() => set({ completion: "viewed" })}
              />
              <RadioRow
                name={`${id}-completion`}
                value="quiz"
                checked={choice.completion === "quiz"}
                label="Passing the final quiz"
                hint="The course's last quiz block scores the learner"
                onChange={() => set({ completion: "quiz" })}
              />
            </fieldset>
            {choice.completion === "quiz" ? (
              <div className="space-y-1">
                <label htmlFor={`${id}-score`} className="block text-sm font-medium text-slate-700">
                  Passing score (%)
                </label>
                <input
                  id={`${id}-score`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={100}
                  step={1}
                  value={score === null || Number.isNaN(score) ? "" : score}
                  placeholder="Quiz's"
                  onChange={(event) => set({ passing_score: event.target.value === "" ? null : event.target.valueAsNumber })}
                  aria-invalid={scoreValid ? undefined : true}
                  aria-describedby={scoreValid ? `${id}-score-hint` : `${id}-score-error`}
                  className="block w-28 rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none aria-[invalid]:border-red-400"
                />
                {scoreValid ? (
                  <p id={`${id}-score-hint`} className="text-sm text-slate-600">
                    Empty: the final quiz&apos;s own pass mark.
                  </p>
                ) : (
                  <p id={`${id}-score-error`} className="text-sm text-red-700">
                    A whole number from 0 to 100, or empty for the quiz&apos;s pass mark.
                  </p>
                )}
              </div>
            ) : null}
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={choice.include_drafts}
                onChange={(event) => set({ include_drafts: event.target.checked })}
                className="mt-0.5"
              />
              <span>
                <span className="font-medium">Include drafts</span>
                <span className="block text-xs text-slate-500">A review copy with every lesson; otherwise only what learners see.</span>
              </span>
            </label>
            <p className="rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900">
              SCORM and cmi5 packages contain the quiz answer key, as every SCORM quiz does: a learner who looks inside the package can find
              the answers.
            </p>
          </>
        ) : (
          <p className="text-sm text-slate-600">
            The archive holds every lesson, drafts included, with its questions and quizzes. Import it on another project&apos;s Courses
            page.
          </p>
        )}

        {exporting.progress ? <ProgressLine progress={exporting.progress} /> : null}
        {isUnpublished ? (
          <Alert>
            This course is not published. Publish the course, or tick “Include drafts” to export a review copy. ({error.message})
          </Alert>
        ) : missingImages ? (
          <MissingImages
            images={missingImages}
            busy={exporting.isPending}
            onLink={() => exporting.mutate({ ...choice, image_links: true }, { onSuccess: onExported })}
          />
        ) : error ? (
          <Alert>Could not export the course: {error.message}</Alert>
        ) : null}
        {exporting.data ? <DownloadReady file={exporting.data} /> : null}
      </div>
    </Modal>
  );
}
