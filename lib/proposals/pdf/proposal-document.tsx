import { Document, Image, Link, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { ReactNode } from "react";
import type { FrozenProposal } from "../acceptance/frozen-document";
import { describeEvent } from "../events/describe-event";
import type { ProposalEventDto } from "../events/schemas";
import { formatMoney, formatQuantity, formatUtc, shownAmount, totalRows } from "../public/presentation";
import { formatDiscount } from "../values/proposal-values";
import { itemMarker, parseDescription, type DescriptionBlock, type Run } from "./description";
import { PDF_FONT } from "./fonts";

/**
 * A proposal as a PDF, drawn with @react-pdf/renderer from the same read model as the customer's
 * page: the cover (title, for whom, from whom), the description, each line with its images, price,
 * quantity and discount, the totals by tax mode, the attachments; the company's name and the page
 * number on every page. An acceptance record adds its certificate as the last page. Plain functions
 * of their input, without hooks: the renderer runs them outside React's server runtime.
 */

/** An image ready to embed (PNG or JPEG, what PDF readers draw), or null for one that cannot be (GIF, WebP, missing). */
export type PdfImage = { data: Buffer; format: "png" | "jpg" } | null;

export type Certificate = {
  signerName: string;
  signerEmail: string;
  /** UNIX seconds */
  signedAt: number;
  ipAddress: string;
  userAgent: string;
  consentText: string;
  consentVersion: number;
  documentSha256: string;
  auditTrail: ProposalEventDto[];
  /** Where anyone can check a copy of this record: APP_URL/verify. */
  verifyUrl: string;
};

export type ProposalPdfProps = {
  proposal: FrozenProposal;
  images: ReadonlyMap<string, PdfImage>;
  /** Where the proposal stands, for a live PDF ("Valid until …"); none on an acceptance record, whose certificate says it. */
  statusLine?: string | null;
  certificate?: Certificate;
  /** Absolute links for the attachments hosted here (/api/files/…). */
  appUrl: string;
};

const ink = "#0f172a";
const muted = "#475569";
const rule = "#e2e8f0";

const s = StyleSheet.create({
  // No lineHeight anywhere: with one, react-pdf 4.9 lays out the page number's dynamic text as empty.
  page: { fontFamily: PDF_FONT, fontSize: 10, color: ink, paddingTop: 56, paddingBottom: 56, paddingHorizontal: 44 },
  header: {
    position: "absolute",
    top: 22,
    left: 44,
    right: 44,
    flexDirection: "row",
    justifyContent: "space-between",
    fontSize: 8,
    color: muted,
    borderBottomWidth: 0.5,
    borderBottomColor: rule,
    paddingBottom: 4,
  },
  footer: { position: "absolute", bottom: 22, left: 44, right: 140, fontSize: 8, color: muted },
  pageNumber: { position: "absolute", bottom: 22, right: 44, fontSize: 8, color: muted },
  company: { fontWeight: 700, color: ink },
  title: { fontSize: 22, fontWeight: 700, marginBottom: 6 },
  preparedFor: { fontSize: 11, color: muted, marginBottom: 14 },
  columns: { flexDirection: "row", gap: 24, marginBottom: 16 },
  column: { flex: 1 },
  label: { fontSize: 7.5, fontWeight: 700, color: muted, textTransform: "uppercase", letterSpacing: 0.6, marginBottom: 2 },
  status: { padding: 8, borderRadius: 4, backgroundColor: "#f1f5f9", marginBottom: 16 },
  section: { marginTop: 14 },
  h1: { fontSize: 16, fontWeight: 700, marginTop: 8, marginBottom: 4 },
  h2: { fontSize: 14, fontWeight: 700, marginTop: 8, marginBottom: 4 },
  h3: { fontSize: 12, fontWeight: 700, marginTop: 6, marginBottom: 3 },
  paragraph: { marginBottom: 6 },
  list: { marginBottom: 6, paddingLeft: 12 },
  listItem: { flexDirection: "row", marginBottom: 2 },
  listMarker: { textAlign: "right", paddingRight: 6 },
  listText: { flex: 1 },
  sectionTitle: { fontSize: 14, fontWeight: 700, marginBottom: 8 },
  block: { paddingVertical: 10, borderBottomWidth: 0.5, borderBottomColor: rule },
  blockHead: { flexDirection: "row", justifyContent: "space-between", gap: 16 },
  blockTitle: { fontSize: 12, fontWeight: 700, flex: 1 },
  price: { textAlign: "right", minWidth: 140 },
  lineTotal: { fontSize: 12, fontWeight: 700 },
  images: { flexDirection: "row", flexWrap: "wrap", gap: 6, marginTop: 6 },
  image: { width: 160, height: 120, objectFit: "cover" },
  missingImage: { fontSize: 8, color: muted, marginTop: 4 },
  blockText: { marginTop: 6, color: "#334155" },
  totals: { marginTop: 12, padding: 10, backgroundColor: "#f1f5f9", borderRadius: 4 },
  totalRow: { flexDirection: "row", justifyContent: "space-between" },
  grandTotal: { fontSize: 12, fontWeight: 700 },
  note: { marginTop: 4, color: muted, fontSize: 9 },
  link: { color: "#1d4ed8" },
  certificateTitle: { fontSize: 18, fontWeight: 700, marginBottom: 4 },
  field: { flexDirection: "row", paddingVertical: 3, borderBottomWidth: 0.5, borderBottomColor: rule },
  fieldName: { width: 130, color: muted },
  fieldValue: { flex: 1 },
  hash: { fontSize: 9, letterSpacing: 0.3 },
  trailRow: { flexDirection: "row", paddingVertical: 2, borderBottomWidth: 0.5, borderBottomColor: rule, fontSize: 8.5 },
  trailTime: { width: 120 },
  trailWhat: { flex: 1 },
  trailWho: { width: 160 },
});

export function ProposalPdf({ proposal, images, statusLine, certificate, appUrl }: ProposalPdfProps) {
  const title = proposal.title.trim() || "Proposal";
  return (
    <Document
      title={certificate ? `${title}: acceptance record` : title}
      author={proposal.company.name}
      subject={certificate ? `Acceptance record of version ${proposal.version}` : `Proposal, version ${proposal.version}`}
      keywords={certificate ? `document-sha256:${certificate.documentSha256}` : undefined}
      creator="Coursewright"
      producer="Coursewright"
      language={proposal.language}
      // A record's bytes depend only on the record: its date is the signature's, not the moment it was drawn.
      creationDate={certificate ? new Date(certificate.signedAt * 1000) : undefined}
    >
      {/* react-pdf's paginator laid the rest of the document out again at every page break: 2 s for
          100 lines. Its new engine (measure once, then pack) draws the same pages in a fraction. */}
      <Page size="A4" style={s.page} experimentalPagination>
        <Frame proposal={proposal} title={title} />
        <Cover proposal={proposal} title={title} />
        {statusLine ? <Text style={s.status}>{statusLine}</Text> : null}
        <Description html={proposal.description_html} />
        <Offer proposal={proposal} images={images} />
        <Attachments proposal={proposal} appUrl={appUrl} />
      </Page>
      {certificate ? (
        <Page size="A4" style={s.page}>
          <Frame proposal={proposal} title={title} />
          <CertificatePage proposal={proposal} title={title} certificate={certificate} />
        </Page>
      ) : null}
    </Document>
  );
}

/** On every page: the company's name, the version, the title and the page number. */
function Frame({ proposal, title }: { proposal: FrozenProposal; title: string }) {
  return (
    <>
      <View style={s.header} fixed>
        <Text style={s.company}>{proposal.company.name}</Text>
        <Text>Proposal, version {proposal.version}</Text>
      </View>
      <Text style={s.footer} fixed>
        {title}
      </Text>
      <Text style={s.pageNumber} fixed render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
    </>
  );
}

function Cover({ proposal, title }: { proposal: FrozenProposal; title: string }) {
  const { company, sender, recipient } = proposal;
  const forWhom = [recipient.name, recipient.company_name].filter(Boolean).join(", ");
  return (
    <View>
      <Text style={s.title}>{title}</Text>
      {forWhom ? <Text style={s.preparedFor}>Prepared for {forWhom}</Text> : null}
      <View style={s.columns}>
        <View style={s.column}>
          <Text style={s.label}>From</Text>
          <Text style={{ fontWeight: 700 }}>{company.name}</Text>
          {company.address ? <Text>{company.address}</Text> : null}
          {company.phone ? <Text>{company.phone}</Text> : null}
          {company.email ? <Text>{company.email}</Text> : null}
        </View>
        {sender.name || sender.email ? (
          <View style={s.column}>
            <Text style={s.label}>Your contact</Text>
            <Text style={{ fontWeight: 700 }}>{sender.name}</Text>
            {sender.email ? <Text>{sender.email}</Text> : null}
          </View>
        ) : null}
      </View>
    </View>
  );
}

const runs = (items: Run[]) =>
  items.map((run, i) => (
    <Text key={i} style={run.isBold ? { fontWeight: 700 } : undefined}>
      {run.text}
    </Text>
  ));

/** The description's markdown subset: headings, bold, line breaks, centred or left-aligned paragraphs, lists (as on the page). */
export function Description({ html }: { html: string }) {
  const blocks = parseDescription(html);
  if (!blocks.length) return null;
  return (
    <View style={s.section}>
      {blocks.map((block, i) =>
        block.kind === "heading" ? (
          <Text key={i} style={[s[`h${block.level}`], { textAlign: "center" }]} minPresenceAhead={40}>
            {runs(block.runs)}
          </Text>
        ) : block.kind === "list" ? (
          <DescriptionList key={i} list={block} />
        ) : (
          <Text key={i} style={[s.paragraph, { textAlign: block.isLeftAligned ? "left" : "center" }]}>
            {block.lines.flatMap((line, j) => [...(j ? [<Text key={`br${j}`}>{"\n"}</Text>] : []), ...runs(line)])}
          </Text>
        ),
      )}
    </View>
  );
}

/** A list, left-aligned like the page's: each item a row, its bullet or number in a column of its own. */
function DescriptionList({ list }: { list: Extract<DescriptionBlock, { kind: "list" }> }) {
  // As wide as the longest number needs (a digit of DejaVu Sans at 10 pt is 6.4 pt), so numbers never wrap.
  const markerWidth = 8 + 6.5 * itemMarker(list, list.items.length - 1).length;
  return (
    <View style={s.list}>
      {list.items.map((item, j) => (
        <View key={j} style={s.listItem} wrap={false}>
          <Text style={[s.listMarker, { width: markerWidth }]}>{itemMarker(list, j)}</Text>
          <Text style={s.listText}>{runs(item)}</Text>
        </View>
      ))}
    </View>
  );
}

function Offer({ proposal, images }: { proposal: FrozenProposal; images: ReadonlyMap<string, PdfImage> }) {
  if (!proposal.blocks.length) return null;
  const { rows, note } = totalRows(proposal);
  return (
    <View style={s.section}>
      <Text style={s.sectionTitle} minPresenceAhead={60}>
        Offer
      </Text>
      {proposal.blocks.map((block) => (
        <OfferLine key={block.uuid} block={block} proposal={proposal} images={images} />
      ))}
      <View style={s.totals} wrap={false}>
        {rows.map(([label, value], i) => (
          <View key={label} style={[s.totalRow, ...(i === rows.length - 1 ? [s.grandTotal] : [])]}>
            <Text>{label}</Text>
            <Text>{value}</Text>
          </View>
        ))}
        {note ? <Text style={s.note}>{note}</Text> : null}
      </View>
    </View>
  );
}

type Block = FrozenProposal["blocks"][number];

function OfferLine({ block, proposal, images }: { block: Block; proposal: FrozenProposal; images: ReadonlyMap<string, PdfImage> }) {
  const isVideo = block.type === "video-block";
  const money = (v: number) => formatMoney(v, proposal.currency, proposal.language);
  const pictures = block.image_uuids.map((uuid) => images.get(uuid) ?? null);
  const shown = pictures.filter((p): p is NonNullable<PdfImage> => p !== null);
  const left = pictures.length - shown.length;
  return (
    <View style={s.block}>
      <View style={s.blockHead} wrap={false}>
        <Text style={s.blockTitle}>{block.title || (isVideo ? "Video" : "Item")}</Text>
        {!isVideo || block.price !== null ? (
          <View style={s.price}>
            <Text style={s.lineTotal}>{money(shownAmount(proposal, block))}</Text>
            <Text>
              {formatQuantity(block.quantity, proposal.language)} × {money(block.price ?? 0)}
              {block.unit ? ` / ${block.unit}` : ""}
            </Text>
            {block.discount ? (
              <Text>−{formatDiscount(block.discount, proposal.discount_decimals, proposal.language)} % discount</Text>
            ) : null}
          </View>
        ) : null}
      </View>
      {shown.length ? (
        <View style={s.images}>
          {shown.map((image, i) => (
            // A PDF image has no alt text in react-pdf; the line's title above names what it shows.
            // eslint-disable-next-line jsx-a11y/alt-text
            <Image key={i} style={s.image} src={image} />
          ))}
        </View>
      ) : null}
      {left ? (
        <Text style={s.missingImage}>
          {left === 1 ? "One image" : `${left} images`} of this item {left === 1 ? "is" : "are"} on the proposal&apos;s web page only.
        </Text>
      ) : null}
      {block.description ? <Text style={s.blockText}>{block.description}</Text> : null}
      {block.video_url ? (
        <Text style={s.blockText}>
          Video:{" "}
          <Link style={s.link} src={block.video_url}>
            {block.video_url}
          </Link>
        </Text>
      ) : null}
    </View>
  );
}

function Attachments({ proposal, appUrl }: { proposal: FrozenProposal; appUrl: string }) {
  if (!proposal.attachments.length) return null;
  return (
    <View style={s.section}>
      <Text style={s.sectionTitle} minPresenceAhead={30}>
        Attachments
      </Text>
      {proposal.attachments.map((a, i) => {
        const url = a.url.startsWith("/") ? `${appUrl}${a.url}` : a.url;
        return (
          <Text key={i}>
            {a.name} ({a.mime_type === "application/pdf" ? "PDF" : "link"}):{" "}
            <Link style={s.link} src={url}>
              {url}
            </Link>
          </Text>
        );
      })}
    </View>
  );
}

function Field({ name, children }: { name: string; children: ReactNode }) {
  return (
    <View style={s.field} wrap={false}>
      <Text style={s.fieldName}>{name}</Text>
      <View style={s.fieldValue}>{children}</View>
    </View>
  );
}

/** A SHA-256 in two lines of 32 hex digits, each in groups of 8: copied or compared by eye. */
function Hash({ hex }: { hex: string }) {
  const groups = (line: string) => line.match(/.{1,8}/g)?.join(" ") ?? line;
  return (
    <>
      <Text style={s.hash}>{groups(hex.slice(0, 32))}</Text>
      <Text style={s.hash}>{groups(hex.slice(32))}</Text>
    </>
  );
}

/**
 * The last page of an acceptance record: who signed, when, from where, with which words, the
 * SHA-256 of exactly what they accepted, and the proposal's audit trail up to the acceptance.
 */
function CertificatePage({ proposal, title, certificate: c }: { proposal: FrozenProposal; title: string; certificate: Certificate }) {
  return (
    <View>
      <Text style={s.certificateTitle}>Acceptance certificate</Text>
      <Text style={[s.note, { marginBottom: 10 }]}>
        The proposal on the previous pages was accepted with a simple electronic signature: its recipient typed their name and ticked the
        consent below on the proposal&apos;s page. This record was made when they accepted and has not changed since.
      </Text>
      <Field name="Proposal">
        <Text>
          {title} (version {proposal.version})
        </Text>
        <Text style={s.note}>{proposal.uuid}</Text>
      </Field>
      <Field name="Company">
        <Text>{proposal.company.name}</Text>
      </Field>
      <Field name="Signed by">
        <Text>{c.signerName}</Text>
        {c.signerEmail ? <Text style={s.note}>The recipient this proposal was sent to: {c.signerEmail}</Text> : null}
      </Field>
      <Field name="Signed at">
        <Text>{formatUtc(c.signedAt)}</Text>
      </Field>
      <Field name="IP address">
        <Text>{c.ipAddress}</Text>
      </Field>
      <Field name="Browser (user agent)">
        <Text>{c.userAgent || "(none sent)"}</Text>
      </Field>
      <Field name={`Consent (version ${c.consentVersion})`}>
        <Text>“{c.consentText}”: ticked by the signer.</Text>
      </Field>
      <Field name="Accepted document SHA-256">
        <Hash hex={c.documentSha256} />
        <Text style={s.note}>
          The SHA-256 of the proposal as accepted (title, lines, prices, quantities, choices and totals), kept as it was.
        </Text>
      </Field>
      <Field name="Verify">
        <Text>
          Upload this PDF, or type its SHA-256, at{" "}
          <Link style={s.link} src={c.verifyUrl}>
            {c.verifyUrl}
          </Link>{" "}
          to check that it is this record, unchanged.
        </Text>
      </Field>
      <Text style={[s.sectionTitle, { marginTop: 16 }]} minPresenceAhead={40}>
        Audit trail
      </Text>
      <View style={[s.trailRow, { fontWeight: 700 }]} fixed={false}>
        <Text style={s.trailTime}>Time (UTC)</Text>
        <Text style={s.trailWhat}>Event</Text>
        <Text style={s.trailWho}>By</Text>
      </View>
      {c.auditTrail.map((event, i) => {
        const { what, who } = describeEvent(event, proposal.company.name);
        return (
          <View key={i} style={s.trailRow} wrap={false}>
            <Text style={s.trailTime}>{formatUtc(event.created_at).replace(" UTC", "")}</Text>
            <Text style={s.trailWhat}>{what}</Text>
            <Text style={s.trailWho}>{who}</Text>
          </View>
        );
      })}
    </View>
  );
}
