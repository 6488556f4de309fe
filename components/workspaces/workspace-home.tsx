"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { useToast } from "@/components/ui/toast";
import { ApiClientError } from "@/lib/client/api";
import { NO_PARAMS } from "@/lib/client/navigation";
import {
  useCreateWorkspace,
  useDeletedProjects,
  useProjectMutations,
  useProjects,
  useWorkspaces,
  type ProjectDto,
  type WorkspaceDto,
} from "./queries";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

function Skeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <LoadingPlaceholder label={label} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-24 animate-pulse rounded-lg bg-slate-100" />
      ))}
    </LoadingPlaceholder>
  );
}

function WorkspaceSwitcher({ workspaces, selected }: { workspaces: WorkspaceDto[]; selected: WorkspaceDto }) {
  const router = useRouter();
  const create = useCreateWorkspace();
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string>();
  async function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    if (!name) return setError("Give the workspace a name.");
    try {
      const workspace = await create.mutateAsync(name);
      setAdding(false);
      router.push(`/?workspace=${workspace.id}`);
    } catch (e) {
      setError((e as Error).message);
    }
  }
  return (
    <nav aria-label="Workspaces" className="space-y-2">
      <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Workspaces</h2>
      <ul className="space-y-1">
        {workspaces.map((w) => (
          <li key={w.id}>
            <Link
              href={`/?workspace=${w.id}`}
              aria-current={w.id === selected.id ? "page" : undefined}
              // The name and the kind are two words visually; read together they ran into "Personal personal".
              // The label starts with the visible words, in order and apart (the space between the spans),
              // so a speech-input user can say what they see (WCAG 2.5.3).
              aria-label={`${w.name}, ${w.kind === "personal" ? "personal workspace" : `${w.role}, team workspace`}`}
              className={`flex items-center justify-between rounded-md px-3 py-2 text-sm ${w.id === selected.id ? "bg-brand-50 font-medium text-brand-700" : "hover:bg-slate-100"}`}
            >
              <span className="truncate">{w.name}</span>{" "}
              <span className="ml-2 shrink-0 text-xs text-slate-600">{w.kind === "personal" ? "personal" : w.role}</span>
            </Link>
          </li>
        ))}
      </ul>
      {adding ? (
        <form onSubmit={onCreate} className="space-y-2 rounded-md border border-slate-200 bg-white p-3" noValidate>
          <Field label="Team workspace name" name="name" autoFocus maxLength={200} error={error} />
          <div className="flex gap-2">
            <Button type="submit" disabled={create.isPending}>
              Create
            </Button>
            <Button type="button" variant="ghost" onClick={() => setAdding(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button type="button" variant="ghost" className="w-full justify-start" onClick={() => setAdding(true)}>
          + New team workspace
        </Button>
      )}
    </nav>
  );
}

function ProjectCard({ project, canEdit, canDelete }: { project: ProjectDto; canEdit: boolean; canDelete: boolean }) {
  const { rename, remove, restore } = useProjectMutations();
  const toast = useToast();
  const confirm = useConfirm();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(project.name);
  async function save() {
    const trimmed = name.trim();
    if (!trimmed || trimmed === project.name) return setEditing(false);
    try {
      await rename.mutateAsync({ id: project.id, name: trimmed });
      setEditing(false);
    } catch (e) {
      toast.show(`Could not rename: ${(e as Error).message}`, { tone: "error" });
    }
  }
  return (
    <li className="group flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      {editing ? (
        <input
          aria-label="Project name"
          autoFocus
          value={name}
          maxLength={200}
          onChange={(e) => setName(e.target.value)}
          onBlur={save}
          onKeyDown={(e) => {
            if (e.key === "Enter") save();
            if (e.key === "Escape") {
              setName(project.name);
              setEditing(false);
            }
          }}
          className="rounded border border-brand-500 px-2 py-1 font-medium"
        />
      ) : (
        <Link href={`/projects/${project.id}`} className="font-medium hover:text-brand-600">
          {project.name}
        </Link>
      )}
      <p className="mt-1 line-clamp-2 min-h-[2.5rem] text-sm text-slate-600">{project.description || "No description"}</p>
      <div className="mt-3 flex items-center justify-between text-xs text-slate-500">
        <span>Updated {dateFormat.format(new Date(project.updated_at))}</span>
        <span className="flex gap-1">
          {canEdit ? (
            <button
              type="button"
              className="rounded px-2 py-1 hover:bg-slate-100"
              aria-label={`Rename ${project.name}`}
              onClick={() => setEditing(true)}
            >
              Rename
            </button>
          ) : null}
          {canDelete ? (
            <button
              type="button"
              className="rounded px-2 py-1 text-red-700 hover:bg-red-50"
              aria-label={`Delete ${project.name}`}
              onClick={async () => {
                if (
                  !(await confirm({
                    title: `Delete “${project.name}” and everything in it?`,
                    body: "An admin can restore it.",
                    confirmLabel: "Delete",
                    tone: "danger",
                  }))
                )
                  return;
                try {
                  await remove.mutateAsync(project.id);
                  toast.show(`“${project.name}” deleted.`, { action: { label: "Undo", run: () => restore.mutate(project.id) } });
                } catch (e) {
                  toast.show(`Could not delete: ${(e as Error).message}`, { tone: "error" });
                }
              }}
            >
              Delete
            </button>
          ) : null}
        </span>
      </div>
    </li>
  );
}

function NewProjectForm({ workspaceId, onDone }: { workspaceId: string; onDone: () => void }) {
  const { create } = useProjectMutations();
  const router = useRouter();
  const [error, setError] = useState<{ name?: string; description?: string; form?: string }>({});
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    const description = String(form.get("description") ?? "");
    if (!name) return setError({ name: "Give the project a name." });
    try {
      const project = await create.mutateAsync({ name, description, workspace_id: workspaceId });
      onDone();
      router.push(`/projects/${project.id}`);
    } catch (e) {
      const issues = e instanceof ApiClientError ? e.issues : [];
      setError(issues.length ? Object.fromEntries(issues.map((i) => [i.path, i.message])) : { form: (e as Error).message });
    }
  }
  return (
    <form onSubmit={onSubmit} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" noValidate aria-label="New project">
      {error.form ? <Alert>{error.form}</Alert> : null}
      <Field label="Project name" name="name" autoFocus maxLength={200} error={error.name} />
      <Field label="Description" name="description" maxLength={2000} error={error.description} hint="Optional" />
      <div className="flex gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create project"}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function WorkspaceHome() {
  const params = useSearchParams() ?? NO_PARAMS;
  const workspaces = useWorkspaces();
  const projects = useProjects();
  const deleted = useDeletedProjects();
  const { restore } = useProjectMutations();
  const toast = useToast();
  const [creating, setCreating] = useState(false);

  if (workspaces.isError || projects.isError) {
    return <Alert>Could not load your workspaces: {(workspaces.error ?? projects.error)?.message}</Alert>;
  }
  if (workspaces.isPending) return <Skeleton label="Loading your workspaces" />;
  const list = workspaces.data;
  const selected = list.find((w) => w.id === params.get("workspace")) ?? list.find((w) => w.kind === "personal") ?? list[0];
  const inWorkspace = (projects.data ?? []).filter((p) => p.workspace.id === selected.id);
  const deletedHere = (deleted.data ?? []).filter((p) => p.workspace.id === selected.id);
  const canEdit = selected.can_create_projects;
  const isAdmin = selected.role === "admin";
  const isLearnerHere = selected.role === "learner";

  return (
    <div className="grid gap-8 md:grid-cols-[14rem_1fr]">
      <WorkspaceSwitcher workspaces={list} selected={selected} />
      <div className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-2xl font-semibold">{selected.name}</h1>
            <p className="text-sm text-slate-500">
              {selected.kind === "personal"
                ? "Your personal workspace"
                : `Team workspace · you are ${selected.role === "learner" ? "a learner" : `an ${selected.role}`}`}
            </p>
          </div>
          <div className="flex gap-2">
            {selected.kind === "team" ? (
              <Link
                href={`/workspaces/${selected.id}/members`}
                className="rounded-md px-3.5 py-2 text-sm font-medium ring-1 ring-slate-300 hover:bg-white"
              >
                Members
              </Link>
            ) : null}
            {selected.can_create_projects && !creating ? <Button onClick={() => setCreating(true)}>New project</Button> : null}
          </div>
        </div>
        {creating ? <NewProjectForm workspaceId={selected.id} onDone={() => setCreating(false)} /> : null}
        {isLearnerHere ? (
          // A learner's way into this workspace is its published courses; its projects are for authors.
          <section aria-labelledby="learner-heading" className="rounded-lg border border-slate-200 bg-white p-6 sm:p-8">
            <h2 id="learner-heading" className="font-medium">
              You take courses here
            </h2>
            <p className="mt-1 text-sm text-slate-600">The courses published in {selected.name} are waiting for you in Learn.</p>
            <Link
              href="/learn"
              className="mt-4 inline-flex rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700"
            >
              Go to your courses
            </Link>
          </section>
        ) : (
          <section aria-labelledby="projects-heading">
            <h2 id="projects-heading" className="sr-only">
              Projects
            </h2>
            {projects.isPending ? (
              <Skeleton label="Loading projects" />
            ) : inWorkspace.length === 0 ? (
              <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center">
                <p className="font-medium">No projects yet</p>
                <p className="mt-1 text-sm text-slate-500">
                  {selected.can_create_projects
                    ? "A project holds courses, a question bank and quizzes. Create one to start."
                    : "Nothing has been shared with you here yet."}
                </p>
              </div>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {inWorkspace.map((p) => (
                  <ProjectCard key={p.id} project={p} canEdit={canEdit} canDelete={isAdmin} />
                ))}
              </ul>
            )}
          </section>
        )}
        {isAdmin && deletedHere.length > 0 ? (
          <section aria-labelledby="deleted-heading" className="rounded-lg border border-slate-200 bg-white">
            <h2 id="deleted-heading" className="border-b border-slate-200 px-4 py-3 text-sm font-semibold">
              Deleted projects
            </h2>
            <ul className="divide-y divide-slate-100">
              {deletedHere.map((p) => (
                <li key={p.id} className="flex items-center justify-between px-4 py-3 text-sm">
                  <span>
                    <span className="font-medium">{p.name}</span>
                    <span className="ml-2 text-slate-500">
                      deleted {dateFormat.format(new Date(p.deleted_at))}
                      {p.deleted_by_name ? ` by ${p.deleted_by_name}` : ""}
                    </span>
                  </span>
                  <Button
                    variant="secondary"
                    aria-label={`Restore ${p.name}`}
                    onClick={() =>
                      restore.mutate(p.id, {
                        onSuccess: () => toast.show(`“${p.name}” restored.`, { tone: "success" }),
                        onError: (e) => toast.show(`Could not restore: ${e.message}`, { tone: "error" }),
                      })
                    }
                  >
                    Restore
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}
