import { AppError, notFound } from "@/lib/api/errors";
import { toIso, toIsoOrNull } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import type { ReviewLink } from "@/lib/generated/prisma/client";
import { appLink } from "@/lib/mail/app-url";
import { randomToken } from "@/lib/security/tokens";
import type { ReviewLinkDto } from "./schemas";

/** The page a review link opens: the token is the only secret, like a proposal's link. */
export const reviewPath = (token: string) => `/review/${token}`;

export const toReviewLinkDto = (row: ReviewLink): ReviewLinkDto => ({
  id: row.id,
  course_id: row.courseId,
  url: appLink(reviewPath(row.token)),
  allow_suggestions: row.allowSuggestions,
  expires_at: toIsoOrNull(row.expiresAt),
  closed_at: toIsoOrNull(row.closedAt),
  created_at: toIso(row.createdAt),
});

export async function createReviewLink(
  tx: Tx,
  input: { courseId: string; createdById: string; allowSuggestions?: boolean; expiresAt?: string },
) {
  const row = await tx.reviewLink.create({
    data: {
      courseId: input.courseId,
      token: randomToken(),
      allowSuggestions: input.allowSuggestions ?? false,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      createdById: input.createdById,
    },
  });
  return toReviewLinkDto(row);
}

export async function listReviewLinks(tx: Tx, courseId: string) {
  const rows = await tx.reviewLink.findMany({ where: { courseId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return { review_links: rows.map(toReviewLinkDto) };
}

/** Closes the link at once: its page and its API answer 404 from the next request on. Closing again changes nothing. */
export async function closeReviewLink(tx: Tx, linkId: string) {
  const row = await tx.reviewLink.findUnique({ where: { id: linkId } });
  if (!row) throw notFound("Review link");
  const closed = row.closedAt ? row : await tx.reviewLink.update({ where: { id: linkId }, data: { closedAt: new Date() } });
  return toReviewLinkDto(closed);
}

/** Whether a link still opens its course: not closed, not past its end, its course not in the trash. */
export const isOpenLink = (row: Pick<ReviewLink, "closedAt" | "expiresAt">, now = new Date()) =>
  !row.closedAt && (!row.expiresAt || row.expiresAt > now);

/**
 * The open link a token names, with its course (undeleted up to its project), or 404: a closed,
 * expired or unknown link answers the same, so a guess learns nothing.
 */
export async function openReviewLink(tx: Tx, token: string) {
  const row = await tx.reviewLink.findUnique({
    where: { token },
    include: {
      course: { select: { id: true, title: true, deletedAt: true, project: { select: { deletedAt: true, workspaceId: true } } } },
    },
  });
  if (!row || !isOpenLink(row) || row.course.deletedAt || row.course.project.deletedAt) throw notFound("Review link");
  return row;
}

/** A reviewer's suggestion needs a link that allows them. */
export function assertLinkAllowsSuggestions(link: Pick<ReviewLink, "allowSuggestions">) {
  if (!link.allowSuggestions)
    throw new AppError("forbidden", "This review link is for comments only: ask the author for one that allows suggestions");
}
