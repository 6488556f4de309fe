"use client";

import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FileDrop } from "@/components/ui/file-drop";
import { Modal } from "@/components/ui/modal";
import { useImportCourse, type ImportedCourse } from "./queries";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Where the new course opens: its first lesson in the editor, or the project's course tree when it has none. */
function courseHref(projectId: string, result: ImportedCourse) {
  return result.firstLessonId ? `/projects/${projectId}/lessons/${result.firstLessonId}` : `/projects/${projectId}`;
}

function Summary({ projectId, result, onClose }: { projectId: string; result: ImportedCourse; onClose: () => void }) {
  const { summary, course } = result;
  const created = [
    plural(summary.modules, "module"),
    plural(summary.lessons, "lesson"),
    plural(summary.blocks, "block"),
    plural(summary.questions, "question"),
    plural(summary.quizzes, "quiz", "quizzes"),
    plural(summary.assets, "file"),
  ];
  return (
    <section aria-labelledby="import-summary-heading" className="space-y-3">
      <Alert tone="success">
        <h3 id="import-summary-heading" className="font-semibold">
          Imported “{course.title}”
        </h3>
        <p>It is a draft at the end of the project&apos;s courses.</p>
      </Alert>
      <ul aria-label="What the import created" className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-3">
        {created.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Link href={courseHref(projectId, result)} onClick={onClose} className="inline-block font-medium text-brand-700 underline">
        Open “{course.title}”
      </Link>
    </section>
  );
}

/** Importing a course archive (exported from this app) into the project, as a new draft course. */
export function ImportDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const importing = useImportCourse(projectId);
  const uploading = importing.isPending && importing.progress !== null && importing.progress < 1;

  return (
    <Modal
      open
      onClose={onClose}
      title="Import a course"
      description="A course archive exported from this app becomes a new draft course here, with its questions and quizzes."
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {importing.isSuccess ? "Done" : "Cancel"}
          </Button>
          {importing.isSuccess ? null : (
            <Button type="button" onClick={() => file && importing.mutate(file)} disabled={!file || importing.isPending}>
              {importing.isPending ? "Importing…" : "Import"}
            </Button>
          )}
        </div>
      }
    >
      {importing.isSuccess ? (
        <Summary projectId={projectId} result={importing.data} onClose={onClose} />
      ) : (
        <div className="space-y-4">
          <FileDrop
            label="Course archive"
            accept=".zip,application/zip"
            acceptHint="A .zip course archive, 50 MB at most"
            prompt="Drop the archive here or choose it"
            fileName={file?.name}
            disabled={importing.isPending}
            error={importing.error ? `Could not import ${file?.name ?? "the file"}: ${importing.error.message}` : undefined}
            onFile={(chosen) => {
              importing.reset();
              setFile(chosen);
            }}
          />
          {importing.isPending ? (
            <div className="space-y-1">
              <progress aria-label="Upload progress" max={1} value={importing.progress ?? 0} className="w-full" />
              <p role="status" className="text-sm text-slate-600">
                {uploading ? `Uploading… ${Math.round((importing.progress ?? 0) * 100)}%` : "Creating the course…"}
              </p>
            </div>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
