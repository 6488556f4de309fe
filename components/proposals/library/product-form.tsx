"use client";

import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PlusIcon, XIcon } from "@/components/ui/icons";
import { Modal } from "@/components/ui/modal";
import { useToast } from "@/components/ui/toast";
import { ApiClientError } from "@/lib/client/api";
import type { CompanyDto, ContentItemDto, ImageInputDto } from "@/lib/client/types";
import { titleIn } from "../format";
import { useContentMutations, useUploadImage } from "../queries";

type Image = { uuid: string; url: string; filename: string };
type Errors = Partial<Record<"title" | "images" | "price" | "tax_rate" | "unit" | "language" | "form", string>> & {
  titleLanguage?: string;
};

const LANGUAGE = /^[a-z]{2}$/;
const languageName = (code: string) => {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
};

/** "" is no value (null); anything else must be a number. */
function toNumber(text: string): number | null | "invalid" {
  if (!text.trim()) return null;
  const n = Number(text.replace(",", "."));
  return Number.isFinite(n) ? n : "invalid";
}

/** Create or edit a library item: per-language title and description, images, price, tax and unit. */
export function ProductForm({ company, item, onClose }: { company: CompanyDto; item?: ContentItemDto; onClose: () => void }) {
  const initialLanguages = item ? Object.keys({ ...item.title, ...item.description }) : ["en"];
  const [languages, setLanguages] = useState<string[]>(initialLanguages.length ? initialLanguages : ["en"]);
  const [active, setActive] = useState(languages[0]);
  const [titles, setTitles] = useState<Record<string, string>>(item?.title ?? {});
  const [descriptions, setDescriptions] = useState<Record<string, string>>(item?.description ?? {});
  const [images, setImages] = useState<Image[]>(item?.images?.map((i) => ({ uuid: i.uuid, url: i.url, filename: i.filename })) ?? []);
  const [imageUrl, setImageUrl] = useState("");
  const [newLanguage, setNewLanguage] = useState("");
  const [price, setPrice] = useState(item?.price?.toString() ?? "");
  const [taxRate, setTaxRate] = useState(item?.tax_rate?.toString() ?? "");
  const [unit, setUnit] = useState(item?.unit ?? "");
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const upload = useUploadImage(company.id);
  const { create, update } = useContentMutations();
  const toast = useToast();
  const ids = { tabs: useId(), file: useId(), description: useId() };

  function addLanguage() {
    const code = newLanguage.trim().toLowerCase();
    if (!LANGUAGE.test(code)) return setErrors({ language: "Two letters, e.g. sv, de or fr." });
    if (!languages.includes(code)) setLanguages([...languages, code]);
    setActive(code);
    setNewLanguage("");
    setErrors({});
  }

  async function onFiles(files: FileList | null) {
    setErrors((e) => ({ ...e, images: undefined }));
    for (const file of Array.from(files ?? [])) {
      try {
        const uploaded = await upload.mutateAsync(file);
        setImages((all) => [...all, { uuid: uploaded.uuid, url: uploaded.url, filename: uploaded.filename }]);
      } catch (e) {
        setErrors((all) => ({ ...all, images: `${file.name}: ${(e as Error).message}` }));
      }
    }
  }

  function addImageUrl() {
    const url = imageUrl.trim();
    if (!/^https?:\/\/\S+$/.test(url)) return setErrors((e) => ({ ...e, images: "Give a full image address starting with https://" }));
    setImages((all) => [...all, { uuid: "", url, filename: url.split("/").pop() || "image" }]);
    setImageUrl("");
    setErrors((e) => ({ ...e, images: undefined }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const filled = languages.filter((l) => titles[l]?.trim());
    const missing = languages.find((l) => !titles[l]?.trim() && descriptions[l]?.trim());
    const priceValue = toNumber(price);
    const taxValue = toNumber(taxRate);
    const found: Errors = {};
    if (!filled.length) Object.assign(found, { title: "A title is required.", titleLanguage: languages[0] });
    else if (missing) Object.assign(found, { title: "Give this language a title too, or clear its description.", titleLanguage: missing });
    if (!images.length) found.images = "Add at least one image: upload one or give its address.";
    if (priceValue === "invalid") found.price = "A number, e.g. 120 or 99.50.";
    if (taxValue === "invalid") found.tax_rate = "A percent, e.g. 25.";
    if (Object.keys(found).length) {
      setErrors(found);
      if (found.titleLanguage) setActive(found.titleLanguage);
      return;
    }
    const imageInputs: ImageInputDto[] = images.map((i) => (i.uuid ? { uuid: i.uuid } : { uuid: "", url: i.url, filename: i.filename }));
    const shared = {
      images: imageInputs,
      price: priceValue as number | null,
      tax_rate: taxValue as number | null,
      unit: unit.trim() || null,
    };
    const text = (language: string) => ({ language, title: titles[language].trim(), description: descriptions[language] ?? "" });
    setSaving(true);
    setErrors({});
    let language = filled[0];
    try {
      let productId = item?.product_id;
      if (productId === undefined) {
        productId = (await create.mutateAsync({ company_id: company.id, ...text(language), ...shared })).product_id;
      } else {
        await update.mutateAsync({ product_id: productId, ...text(language), ...shared });
      }
      for (language of filled.slice(1)) await update.mutateAsync({ product_id: productId, ...text(language) });
      toast.show(item ? "Product saved." : "Product added to the library.", { tone: "success" });
      onClose();
    } catch (e) {
      const issues = e instanceof ApiClientError ? e.issues : [];
      const next: Errors = {};
      for (const issue of issues) {
        const field = issue.path.split(".")[0];
        if (field === "title" || field === "description") Object.assign(next, { title: issue.message, titleLanguage: language });
        else if (field === "images" || field === "price" || field === "tax_rate" || field === "unit") next[field] = issue.message;
      }
      if (!Object.keys(next).length) next.form = (e as Error).message;
      if (next.titleLanguage) setActive(next.titleLanguage);
      setErrors(next);
    } finally {
      setSaving(false);
    }
  }

  const name = item ? titleIn(item.title) : "";
  return (
    <Modal open onClose={onClose} title={item ? `Edit ${name}` : "New product"} size="wide" flush>
      <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
        <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-5 py-5 sm:px-6">
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-slate-700">Title and description per language</legend>
            <div className="flex flex-wrap items-end gap-2">
              <div role="tablist" aria-label="Languages" className="flex flex-wrap gap-1">
                {languages.map((code) => (
                  <button
                    key={code}
                    type="button"
                    role="tab"
                    id={`${ids.tabs}-${code}`}
                    aria-selected={active === code}
                    aria-controls={`${ids.tabs}-panel`}
                    aria-label={`${languageName(code)} (${code})`}
                    onClick={() => setActive(code)}
                    className={`rounded-md px-3 py-1.5 text-sm font-medium uppercase ${active === code ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"}`}
                  >
                    {code}
                  </button>
                ))}
              </div>
              <div className="flex items-end gap-1">
                <div className="w-28">
                  <Field
                    label="Add language"
                    value={newLanguage}
                    maxLength={2}
                    placeholder="sv"
                    onChange={(e) => setNewLanguage(e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key === "Enter") {
                        e.preventDefault();
                        addLanguage();
                      }
                    }}
                  />
                </div>
                <Button type="button" variant="secondary" onClick={addLanguage} aria-label="Add this language">
                  <PlusIcon />
                </Button>
              </div>
            </div>
            {errors.language ? <p className="text-sm text-red-700">{errors.language}</p> : null}
            <div role="tabpanel" id={`${ids.tabs}-panel`} aria-labelledby={`${ids.tabs}-${active}`} className="space-y-3">
              <Field
                label={`Title (${active})`}
                value={titles[active] ?? ""}
                maxLength={500}
                onChange={(e) => setTitles({ ...titles, [active]: e.target.value })}
                error={errors.titleLanguage === active ? errors.title : undefined}
              />
              <div className="space-y-1">
                <label htmlFor={ids.description} className="block text-sm font-medium text-slate-700">
                  Description ({active})
                </label>
                <textarea
                  id={ids.description}
                  rows={4}
                  maxLength={20_000}
                  value={descriptions[active] ?? ""}
                  onChange={(e) => setDescriptions({ ...descriptions, [active]: e.target.value })}
                  className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
                />
              </div>
            </div>
          </fieldset>

          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-slate-700">Images</legend>
            {images.length ? (
              <ul className="flex flex-wrap gap-3" aria-label="Images">
                {images.map((image, index) => (
                  <li key={`${image.uuid}-${image.url}`} className="relative">
                    <img src={image.url} alt={image.filename} className="h-20 w-20 rounded-md object-cover ring-1 ring-slate-200" />
                    {!image.uuid ? <span className="absolute bottom-1 left-1 rounded bg-white/90 px-1 text-[10px]">by url</span> : null}
                    <button
                      type="button"
                      onClick={() => setImages(images.filter((_, i) => i !== index))}
                      aria-label={`Remove image ${index + 1}`}
                      className="absolute -right-2 -top-2 rounded-full bg-white p-1 shadow ring-1 ring-slate-200 hover:bg-red-50"
                    >
                      <XIcon width={12} height={12} />
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500">No image yet: a product needs at least one.</p>
            )}
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <div className="space-y-1">
                <label htmlFor={ids.file} className="block text-sm font-medium text-slate-700">
                  Upload image
                </label>
                <input
                  id={ids.file}
                  type="file"
                  accept="image/png,image/jpeg,image/gif,image/webp"
                  multiple
                  disabled={upload.isPending}
                  onChange={(e) => {
                    void onFiles(e.target.files);
                    e.target.value = "";
                  }}
                  className="block text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm"
                />
              </div>
              <div className="flex flex-1 items-end gap-2">
                <div className="flex-1">
                  <Field
                    label="Image URL"
                    type="url"
                    value={imageUrl}
                    placeholder="https://…"
                    onChange={(e) => setImageUrl(e.target.value)}
                  />
                </div>
                <Button type="button" variant="secondary" onClick={addImageUrl}>
                  Add URL
                </Button>
              </div>
            </div>
            {upload.progress !== null ? (
              <div className="space-y-1">
                <div
                  role="progressbar"
                  aria-label="Upload progress"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(upload.progress * 100)}
                  className="h-2 overflow-hidden rounded-full bg-slate-100"
                >
                  <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${Math.round(upload.progress * 100)}%` }} />
                </div>
                <p className="text-xs text-slate-500">Uploading… {Math.round(upload.progress * 100)}%</p>
              </div>
            ) : null}
            {errors.images ? <p className="text-sm text-red-700">{errors.images}</p> : null}
          </fieldset>

          <fieldset className="grid gap-3 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-medium text-slate-700">Price (optional)</legend>
            <Field
              label={`Price (${company.currency})`}
              inputMode="decimal"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              error={errors.price}
            />
            <Field
              label="Tax rate (%)"
              inputMode="decimal"
              value={taxRate}
              onChange={(e) => setTaxRate(e.target.value)}
              error={errors.tax_rate}
            />
            <Field
              label="Unit"
              value={unit}
              maxLength={50}
              placeholder="pcs, h, month"
              onChange={(e) => setUnit(e.target.value)}
              error={errors.unit}
            />
          </fieldset>
          {errors.form ? <Alert>{errors.form}</Alert> : null}
        </div>
        <footer className="flex justify-end gap-2 border-t border-slate-200 bg-slate-50 px-5 py-3 sm:px-6">
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving || upload.isPending}>
            {saving ? "Saving…" : item ? "Save product" : "Add product"}
          </Button>
        </footer>
      </form>
    </Modal>
  );
}
