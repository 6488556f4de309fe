"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { ApiClientError } from "@/lib/client/api";
import { useCreateCompany, type CompanyDto } from "./queries";
import { useSelectedCompany } from "./use-company";

/** Renders its page for the selected company; a user of none is offered to create one. */
export function CompanyGate({ children }: { children: (company: CompanyDto) => ReactNode }) {
  const { companies, company } = useSelectedCompany();
  if (companies.isPending) return <LoadingPlaceholder label="Loading your companies" />;
  if (companies.isError) return <Alert>{companies.error.message}</Alert>;
  if (!company) return <CreateCompany />;
  return <>{children(company)}</>;
}

function CreateCompany() {
  const create = useCreateCompany();
  const router = useRouter();
  const [errors, setErrors] = useState<{ name?: string; currency?: string; form?: string }>({});
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    const currency = String(form.get("currency") ?? "").trim();
    if (!name) return setErrors({ name: "Give your company a name." });
    try {
      const { data } = await create.mutateAsync({ name, ...(currency ? { currency } : {}) });
      setErrors({});
      // The header learns about the new company on the server.
      router.replace(`/proposals?company=${data.id}`);
      router.refresh();
    } catch (error) {
      const issues = error instanceof ApiClientError ? error.issues : [];
      const on = (path: string) => issues.find((i) => i.path === path)?.message;
      setErrors({
        name: on("name"),
        currency: on("currency"),
        form: on("name") || on("currency") ? undefined : (error as Error).message,
      });
    }
  }
  return (
    <section aria-labelledby="create-company" className="mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 id="create-company" className="text-xl font-semibold">
        Create your company
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        Proposals belong to a company: its name, currency and tax settings appear on every proposal. Create one to start; you can invite
        colleagues to it later.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
        <Field label="Company name" name="name" maxLength={200} autoComplete="organization" error={errors.name} />
        <Field
          label="Currency"
          name="currency"
          maxLength={3}
          placeholder="EUR"
          hint="Three letters (ISO 4217). EUR if left empty."
          error={errors.currency}
        />
        {errors.form ? <Alert>{errors.form}</Alert> : null}
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create company"}
        </Button>
      </form>
    </section>
  );
}
