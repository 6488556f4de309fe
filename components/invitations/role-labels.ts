/** How the invitation page and the members pages name each role, with what it may do. */
export const ROLE_LABELS: Record<string, { label: string; help: string }> = {
  admin: { label: "Admin", help: "manages the workspace's courses, publishing and members" },
  author: { label: "Author", help: "creates, edits and publishes courses" },
  learner: { label: "Learner", help: "takes the published courses" },
  owner: { label: "Owner", help: "builds and sends proposals, and manages the company's members" },
  member: { label: "Member", help: "builds and sends the company's proposals" },
};

export const roleLabel = (role: string) => ROLE_LABELS[role]?.label ?? role;
