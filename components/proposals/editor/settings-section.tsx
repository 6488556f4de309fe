"use client";

import { useState } from "react";
import { SelectField } from "@/components/lesson-editor/form-controls";
import { useUploadImage } from "@/components/proposals/queries";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FileDrop } from "@/components/ui/file-drop";
import { ApiClientError, type ApiIssue } from "@/lib/client/api";
import { issueAt } from "./format";
import type { ProposalChange, ProposalDto } from "./queries";

type TaxMode = ProposalDto["tax_options"]["mode"];

const TAX_MODES: Array<{ value: TaxMode; label: string }> = [
  { value: "standard", label: "Standard: totals with and without tax" },
  { value: "simplified", label: "Simplified: one total, says whether tax is included" },
  { value: "tax-free", label: "Tax-free: exempt from tax" },
  { value: "none", label: "None: no tax information" },
];

/**
 * Fields saved when they are left (or at once for choices): contact person, language, tax options
 * and the cover's background. A refusal stays beside the field it names.
 */
export function SettingsSection({ proposal, patch }: { proposal: ProposalDto; patch: (change: ProposalChange) => Promise<ProposalDto> }) {
  const [issues, setIssues] = useState<ApiIssue[]>([]);
  const [general, setGeneral] = useState<string>();
  const [language, setLanguage] = useState(proposal.language);
  const [contactEmail, setContactEmail] = useState(proposal.contact_email);
  const upload = useUploadImage(proposal.company_id);
  const [backgroundName, setBackgroundName] = useState<string>();

  async function save(change: ProposalChange) {
    try {
      await patch(change);
      setIssues([]);
      setGeneral(undefined);
    } catch (error) {
      const issuesOf = error instanceof ApiClientError ? error.issues : [];
      setIssues(issuesOf);
      setGeneral(issuesOf.length ? undefined : error instanceof Error ? error.message : "Not saved.");
    }
  }

  async function uploadBackground(file: File) {
    setBackgroundName(file.name);
    try {
      const image = (await upload.mutateAsync(file)) as { uuid: string; id?: number };
      if (typeof image.id !== "number") {
        setIssues([
          {
            path: "background_image",
            message: "The image was uploaded, but the server did not say its id, so it cannot be the background.",
          },
        ]);
        return;
      }
      await save({ background_image: { id: image.id, uuid: image.uuid } });
    } catch (error) {
      setIssues([{ path: "background_image", message: error instanceof Error ? error.message : "The upload failed." }]);
    }
  }

  const tax = proposal.tax_options;
  return (
    <section aria-labelledby="settings-heading" className="space-y-3">
      <h2 id="settings-heading" className="text-base font-semibold text-slate-900">
        Settings
      </h2>
      {general ? (
        <p role="alert" className="text-sm text-red-700">
          {general}
        </p>
      ) : null}
      <div className="space-y-3">
        <Field
          label="Contact person (email)"
          type="email"
          value={contactEmail}
          onChange={(e) => setContactEmail(e.target.value)}
          onBlur={() => contactEmail !== proposal.contact_email && void save({ contact_email: contactEmail.trim() })}
          error={issueAt(issues, "contact_email")}
          hint={proposal.contact_name ? `Now: ${proposal.contact_name}. A member of your company.` : "A member of your company."}
        />
        <Field
          label="Language"
          value={language}
          maxLength={2}
          onChange={(e) => setLanguage(e.target.value)}
          onBlur={() => {
            if (language.toLowerCase() === proposal.language) return;
            if (!/^[a-zA-Z]{2}$/.test(language)) {
              setIssues([{ path: "language", message: "Two letters, such as en, sv or de." }]);
              return;
            }
            void save({ language: language.toLowerCase() });
          }}
          error={issueAt(issues, "language")}
          hint="Two letters: en, sv, de…"
        />
        <SelectField
          label="Tax mode"
          value={tax.mode}
          onChange={(e) => void save({ tax_options: { ...tax, mode: e.target.value as TaxMode } })}
          error={issueAt(issues, "tax_options")}
        >
          {TAX_MODES.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </SelectField>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={tax.tax_included}
            onChange={(e) => void save({ tax_options: { ...tax, tax_included: e.target.checked } })}
            className="h-4 w-4 rounded border-slate-300"
          />
          Prices include tax
        </label>
      </div>
      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-700">Background</p>
        {proposal.background_image ? (
          <div className="flex items-center gap-3">
            <img src={`/api/files/${proposal.background_image.uuid}`} alt="Current background" className="h-16 w-28 rounded object-cover" />
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setBackgroundName(undefined);
                void save({ background_image: null });
              }}
            >
              Remove background image
            </Button>
          </div>
        ) : null}
        {proposal.background_video ? (
          <div className="flex items-center gap-3 text-sm text-slate-600">
            Background video set.
            <Button type="button" variant="ghost" onClick={() => void save({ background_video: null })}>
              Remove background video
            </Button>
          </div>
        ) : null}
        <FileDrop
          label="Upload a background image"
          accept="image/png,image/jpeg,image/gif,image/webp"
          acceptHint="PNG, JPEG, GIF or WebP"
          prompt="Drop an image here or choose a file"
          fileName={backgroundName}
          disabled={upload.isPending}
          error={issueAt(issues, "background_image") ?? issueAt(issues, "background_video")}
          onFile={(file) => void uploadBackground(file)}
        />
        {upload.progress !== null ? <progress aria-label="Upload progress" max={1} value={upload.progress} className="w-full" /> : null}
      </div>
    </section>
  );
}
