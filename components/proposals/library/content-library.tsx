"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useDeferredValue, useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { ImageIcon, PencilIcon, PlusIcon } from "@/components/ui/icons";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { SearchInput } from "@/components/ui/search-input";
import { useToast } from "@/components/ui/toast";
import { NO_PARAMS } from "@/lib/client/navigation";
import type { CompanyDto, ContentItemDto } from "@/lib/client/types";
import { formatMoney, titleIn } from "../format";
import { useContentList, useContentMutations, useSellableCourses } from "../queries";
import { ProductForm } from "./product-form";

/** Search by title in any language (titles are per language, so the match is made here). */
function matches(item: ContentItemDto, words: string[]) {
  const text = [...Object.values(item.title), item.unit ?? ""].join(" ").toLowerCase();
  return words.every((word) => text.includes(word));
}

export function ContentLibrary({ company }: { company: CompanyDto }) {
  const [q, setQ] = useState("");
  const [includeArchived, setIncludeArchived] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const params = useSearchParams() ?? NO_PARAMS;
  const router = useRouter();
  const pathname = usePathname() ?? "";
  // `?new=product` (the empty proposals list's "Create your first product") opens the form at once.
  const [editing, setEditing] = useState<ContentItemDto | "new" | null>(() => (params.get("new") === "product" ? "new" : null));
  const search = useDeferredValue(q.trim().toLowerCase());
  const list = useContentList(company.id, { include_archived: includeArchived });
  const courses = useSellableCourses(company.id);
  const { archive, restore } = useContentMutations();
  const confirm = useConfirm();
  const toast = useToast();

  const items = useMemo(() => {
    const words = search.split(/\s+/).filter(Boolean);
    return (list.data ?? []).filter((item) => matches(item, words));
  }, [list.data, search]);
  const chosen = items.filter((item) => selected.has(item.product_id));
  const toArchive = chosen.filter((item) => !item.is_archived);
  const toRestore = chosen.filter((item) => item.is_archived);

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allChosen = items.length > 0 && chosen.length === items.length;

  function closeForm() {
    setEditing(null);
    // Once closed, the form does not open again on a reload.
    if (params.has("new")) {
      const next = new URLSearchParams(params);
      next.delete("new");
      router.replace(`${pathname}?${next}`);
    }
  }

  async function onArchive() {
    const n = toArchive.length;
    const ok = await confirm({
      title: `Archive ${n} item${n === 1 ? "" : "s"}?`,
      body: "Archived items leave the library and cannot be added to new proposals. Proposals that use them keep them. You can restore them from “Show archived”.",
      confirmLabel: "Archive",
      tone: "danger",
    });
    if (!ok) return;
    try {
      const result = await archive.mutateAsync({ product_ids: toArchive.map((i) => i.product_id) });
      setSelected(new Set());
      toast.show(`Archived ${result.archived_count} item${result.archived_count === 1 ? "" : "s"}.`, {
        tone: "success",
        action: { label: "Undo", run: () => restore.mutate({ product_ids: result.product_ids }) },
      });
    } catch (e) {
      toast.show((e as Error).message, { tone: "error" });
    }
  }

  async function onRestore() {
    try {
      const result = await restore.mutateAsync({ product_ids: toRestore.map((i) => i.product_id) });
      setSelected(new Set());
      toast.show(`Restored ${result.restored_count} item${result.restored_count === 1 ? "" : "s"}.`, { tone: "success" });
    } catch (e) {
      toast.show((e as Error).message, { tone: "error" });
    }
  }

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Content library</h1>
          <p className="text-sm text-slate-600">Products and services with their images and prices, ready to add to proposals.</p>
        </div>
        <Button onClick={() => setEditing("new")}>
          <PlusIcon /> New product
        </Button>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput label="Search the library" value={q} onChange={setQ} placeholder="Search titles in any language" />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={includeArchived}
            onChange={(e) => {
              setIncludeArchived(e.target.checked);
              setSelected(new Set());
            }}
          />
          Show archived
        </label>
      </div>

      {chosen.length ? (
        <div role="toolbar" aria-label="Selection" className="flex flex-wrap items-center gap-2 rounded-md bg-brand-50 px-3 py-2 text-sm">
          <span className="mr-auto font-medium text-brand-700">{chosen.length} selected</span>
          {toArchive.length ? (
            <Button variant="danger" onClick={onArchive} disabled={archive.isPending}>
              Archive selected ({toArchive.length})
            </Button>
          ) : null}
          {toRestore.length ? (
            <Button variant="secondary" onClick={onRestore} disabled={restore.isPending}>
              Restore selected ({toRestore.length})
            </Button>
          ) : null}
          <Button variant="ghost" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </div>
      ) : null}

      {list.isPending ? (
        <LoadingPlaceholder label="Loading the library" />
      ) : list.isError ? (
        <Alert>{list.error.message}</Alert>
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
          {search
            ? `Nothing in the library matches “${q.trim()}”. Titles are searched in every language; try fewer words${includeArchived ? "" : ", or show archived items"}.`
            : includeArchived
              ? "The library is empty. Press “New product” to add the first item: a title, at least one image and, if you like, a price."
              : (list.data?.length ?? 0) === 0
                ? "Your library is empty. Press “New product” to add what you sell: a title, at least one image and, if you like, a price, tax rate and unit. Archived items appear with “Show archived”."
                : ""}
        </p>
      ) : (
        <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
          <label className="flex items-center gap-3 border-b border-slate-100 bg-slate-50 px-4 py-2 text-sm text-slate-600">
            <input
              type="checkbox"
              checked={allChosen}
              onChange={() => setSelected(allChosen ? new Set() : new Set(items.map((i) => i.product_id)))}
            />
            Select all shown
          </label>
          <ul aria-label="Library items">
            {items.map((item) => (
              <LibraryRow
                key={item.product_id}
                item={item}
                courses={courses.data ?? []}
                currency={company.currency}
                checked={selected.has(item.product_id)}
                onToggle={() => toggle(item.product_id)}
                onEdit={() => setEditing(item)}
              />
            ))}
          </ul>
        </div>
      )}

      {editing ? <ProductForm company={company} item={editing === "new" ? undefined : editing} onClose={closeForm} /> : null}
    </div>
  );
}

/**
 * Which course an item delivers (issue 43): its quantity in a proposal is then seats. Offered when
 * the user may link courses (they author in the workspace the company sells), or when one is linked.
 */
function CourseLink({ item, courses, title }: { item: ContentItemDto; courses: SellableCourse[]; title: string }) {
  const { setCourse } = useContentMutations();
  const toast = useToast();
  const linked = item.course_id ?? null;
  if (!courses.length && !linked) return null;
  const known = courses.some((c) => c.id === linked);
  return (
    <label className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
      Delivers course
      <select
        value={linked ?? ""}
        disabled={setCourse.isPending || !courses.length}
        aria-label={`Course that ${title} delivers`}
        onChange={(e) =>
          setCourse.mutate(
            { productId: item.product_id, courseId: e.target.value || null },
            {
              onSuccess: (_data, { courseId }) =>
                toast.show(courseId ? "Linked: its quantity in a proposal is now seats of the course." : "Unlinked from the course."),
              onError: (error) => toast.show(error.message, { tone: "error" }),
            },
          )
        }
        className="max-w-full rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs"
      >
        <option value="">None</option>
        {linked && !known ? <option value={linked}>A course you do not author</option> : null}
        {courses.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title} ({c.project})
          </option>
        ))}
      </select>
    </label>
  );
}

type SellableCourse = { id: string; title: string; project: string };

function LibraryRow({
  item,
  courses,
  currency,
  checked,
  onToggle,
  onEdit,
}: {
  item: ContentItemDto;
  courses: SellableCourse[];
  currency: string;
  checked: boolean;
  onToggle: () => void;
  onEdit: () => void;
}) {
  const title = titleIn(item.title);
  const image = item.images?.[0];
  const languages = Object.keys(item.title);
  return (
    <li className="flex items-center gap-3 border-b border-slate-100 px-4 py-3 last:border-b-0">
      <input type="checkbox" checked={checked} onChange={onToggle} aria-label={`Select ${title}`} />
      {image ? (
        <img src={image.url} alt={title} className="h-12 w-12 shrink-0 rounded-md object-cover ring-1 ring-slate-200" />
      ) : (
        <span className="grid h-12 w-12 shrink-0 place-items-center rounded-md bg-slate-100 text-slate-400">
          <ImageIcon />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2">
          <span className="truncate font-medium">{title}</span>
          {item.is_archived ? <span className="shrink-0 rounded bg-slate-100 px-1.5 text-xs text-slate-600">Archived</span> : null}
        </p>
        <p className="truncate text-sm text-slate-600">
          {item.price !== null ? `${formatMoney(item.price, currency)}${item.unit ? ` / ${item.unit}` : ""}` : "No price"}
          {item.tax_rate !== null ? ` · tax ${item.tax_rate}%` : ""}
          <span className="ml-2 text-xs uppercase text-slate-500">{languages.join(" · ")}</span>
        </p>
        <CourseLink item={item} courses={courses} title={title} />
      </div>
      <Button variant="ghost" onClick={onEdit} aria-label={`Edit ${title}`}>
        <PencilIcon />
        <span className="hidden sm:inline">Edit</span>
      </Button>
    </li>
  );
}
