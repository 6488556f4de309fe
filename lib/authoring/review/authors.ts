import type { Caller } from "@/lib/api/authenticate";

/** Who wrote a comment, a reply or a suggestion, as its row keeps it (prisma/schema.prisma, CommentThread). */
export type AuthorColumns = {
  authorKind: "member" | "reviewer" | "agent";
  authorName: string;
  authorUserId: string | null;
  authorEmail: string | null;
  apiKeyId: string | null;
  reviewLinkId: string | null;
};

/** Someone with a review link: the name and address they gave. */
export type Reviewer = { name: string; email: string; reviewLinkId: string };

/** A workspace member in the browser is a member; anything sent with an API key is an agent, named by its key. */
export function authorOfCaller(caller: Caller): AuthorColumns {
  const isAgent = caller.via === "api_key";
  return {
    authorKind: isAgent ? "agent" : "member",
    authorName: isAgent && caller.apiKey ? caller.apiKey.name : caller.name,
    authorUserId: caller.userId,
    authorEmail: null,
    apiKeyId: caller.apiKeyId,
    reviewLinkId: null,
  };
}

export function authorOfReviewer(reviewer: Reviewer): AuthorColumns {
  return {
    authorKind: "reviewer",
    authorName: reviewer.name,
    authorUserId: null,
    authorEmail: reviewer.email,
    apiKeyId: null,
    reviewLinkId: reviewer.reviewLinkId,
  };
}

export const authorDto = (row: { authorKind: AuthorColumns["authorKind"]; authorName: string }) => ({
  kind: row.authorKind,
  name: row.authorName,
});
