import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import type { ReactNode } from "react";
import { ProjectTabs } from "@/components/project/project-tabs";
import { AppError } from "@/lib/api/errors";
import { redirectToSignIn } from "@/lib/auth/require-user";
import { sessionCaller } from "@/lib/auth/session";
import { getProjectOrThrow, isLearner } from "@/lib/authoring/access";
import { getDb } from "@/lib/db/client";
import { uuidParams } from "@/lib/pages/page-ids";
import { projectOfPage } from "@/lib/pages/project-of-page";

export default async function ProjectLayout({ children, params }: { children: ReactNode; params: Promise<{ projectId: string }> }) {
  const { projectId } = await uuidParams(params);
  const caller = (await sessionCaller()) ?? (await redirectToSignIn());
  const db = await getDb();
  const access = await getProjectOrThrow({ tx: db, caller, projectId }).catch((error) => {
    if (error instanceof AppError) notFound();
    throw error;
  });
  if (isLearner(access)) redirect("/learn");
  const project = await projectOfPage(projectId);
  if (!project) notFound();
  return (
    <div className="space-y-6">
      <div>
        <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
          <Link href={`/?workspace=${project.workspaceId}`} className="hover:text-brand-600">
            {project.workspace.name}
          </Link>{" "}
          › <span className="text-slate-700">{project.name}</span>
        </nav>
        <h1 className="mt-1 text-2xl font-semibold">{project.name}</h1>
        {project.description ? <p className="mt-1 text-sm text-slate-600">{project.description}</p> : null}
      </div>
      <ProjectTabs projectId={projectId} />
      {children}
    </div>
  );
}
