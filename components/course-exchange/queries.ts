"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { ImportResultDto } from "@/lib/authoring/exchange/schemas";
import { ApiClientError, authoringApi, toApiError } from "@/lib/client/api";
import { courseKeys, projectKeys } from "@/lib/client/query-keys";

/**
 * Courses leaving and entering the app: GET /courses/{courseId}/export (a zip, streamed) and POST
 * /projects/{projectId}/import (a course archive, multipart). Both answer or take a file, so they
 * go past the typed JSON client: fetch with a stream reader for the export, XMLHttpRequest for the
 * import (only it reports upload progress).
 */

export type ExportFormat = "scorm12" | "scorm2004" | "cmi5" | "archive";
export type ExportChoice = {
  format: ExportFormat;
  include_drafts: boolean;
  completion: "viewed" | "quiz";
  /** null: the final quiz's own pass mark (the server's default). */
  passing_score: number | null;
  /** Keep images that cannot be copied into a package as links (the author chose so after the export named them). */
  image_links?: boolean;
};

/** An image the export could not copy into a package, as the 400 names it (details.images). */
export type MissingImage = { block_id: string; lesson_id: string; lesson_title: string; url: string; reason: string };

/** The images a refused export named, or null when it was refused for another reason. */
export function missingImagesOf(error: unknown): MissingImage[] | null {
  const images = error instanceof ApiClientError && error.status === 400 ? error.details?.images : undefined;
  return Array.isArray(images) && images.length > 0 ? (images as MissingImage[]) : null;
}

const AUTHORING = "/api/authoring";
const UNREACHABLE = "Could not reach the server. Check your connection and try again.";

export function courseExportUrl(courseId: string, choice: ExportChoice): string {
  const query = new URLSearchParams({ format: choice.format, include_drafts: String(choice.include_drafts) });
  if (choice.format !== "archive") {
    query.set("completion", choice.completion);
    if (choice.completion === "quiz" && choice.passing_score !== null) query.set("passing_score", String(choice.passing_score));
    if (choice.image_links) query.set("image_links", "true");
  }
  return `${AUTHORING}/courses/${encodeURIComponent(courseId)}/export?${query}`;
}

const projectImportUrl = (projectId: string) => `${AUTHORING}/projects/${encodeURIComponent(projectId)}/import`;

/** The name a Content-Disposition header gives: its UTF-8 `filename*` first, else the plain `filename`. */
export function filenameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed encoding: the plain name below.
    }
  }
  const plain = /filename\s*=\s*"((?:[^"\\]|\\.)*)"|filename\s*=\s*([^;\s]+)/i.exec(header);
  return (plain?.[1]?.replace(/\\(.)/g, "$1") ?? plain?.[2] ?? fallback).trim() || fallback;
}

/** Bytes received so far, and the whole size when the server said it (a streamed package does not). */
export type Progress = { received: number; total: number | null };

/** The file as the page holds it: `url` is a Blob URL, revoked by whoever shows it once done. */
export type ExportedFile = { blob: Blob; filename: string; url: string };

/** Downloads an export, reporting the bytes as they arrive; an error answer is thrown as the server put it. */
export async function fetchExport(courseId: string, choice: ExportChoice, onProgress: (progress: Progress) => void): Promise<ExportedFile> {
  let response: Response;
  try {
    response = await fetch(courseExportUrl(courseId, choice), { headers: { accept: "application/zip, application/json" } });
  } catch {
    throw new ApiClientError(0, UNREACHABLE);
  }
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
  const declared = Number(response.headers.get("content-length"));
  const total = Number.isFinite(declared) && declared > 0 ? declared : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, total });
  if (response.body) {
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        onProgress({ received, total });
      }
    } catch {
      // The server stops the stream when making the file fails part-way: never offer half a zip.
      throw new ApiClientError(0, "The download broke off before the file was complete. Try again.");
    }
  }
  const filename = filenameOf(response.headers.get("content-disposition"), `course-${choice.format}.zip`);
  const blob = new Blob(chunks, { type: "application/zip" });
  return { blob, filename, url: URL.createObjectURL(blob) };
}

/** An export with its progress (null when none is running). */
export function useExportCourse(courseId: string) {
  const [progress, setProgress] = useState<Progress | null>(null);
  const mutation = useMutation({
    mutationFn: (choice: ExportChoice) => fetchExport(courseId, choice, setProgress),
    onMutate: () => setProgress({ received: 0, total: null }),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

export type ImportResult = ImportResultDto;
/** An import's answer, with the lesson the new course opens at (null when it has none). */
export type ImportedCourse = ImportResult & { firstLessonId: string | null };

/** Uploads a course archive into a project; `onProgress` gets 0..1 of the upload. */
export function uploadArchive(projectId: string, file: File, onProgress: (fraction: number) => void): Promise<ImportResult> {
  return new Promise<ImportResult>((resolve, reject) => {
    const form = new FormData();
    form.append("file", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", projectImportUrl(projectId));
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body: unknown = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as ImportResult);
      } else {
        reject(toApiError(xhr.status, body));
      }
    };
    xhr.onerror = () => reject(new ApiClientError(0, UNREACHABLE));
    xhr.send(form);
  });
}

/** An import with its upload progress (0..1; null when none is running). The project's tree is read again after. */
export function useImportCourse(projectId: string) {
  const client = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: async (file: File): Promise<ImportedCourse> => {
      const result = await uploadArchive(projectId, file, setProgress);
      // The answer names the course, not its lessons: its outline says where it opens.
      const outline = await authoringApi.GET("/courses/{courseId}/outline", { params: { path: { courseId: result.course.id } } });
      return { ...result, firstLessonId: outline.modules.flatMap((m) => m.lessons)[0]?.id ?? null };
    },
    onMutate: () => setProgress(0),
    onSettled: () => setProgress(null),
    onSuccess: async (result) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: projectKeys.tree(projectId) }),
        client.invalidateQueries({ queryKey: courseKeys.detail(result.course.id) }),
      ]);
    },
  });
  const resetProgress = useCallback(() => setProgress(null), []);
  return { ...mutation, progress, resetProgress };
}
