import { Document, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import { PDF_FONT, registerPdfFonts } from "@/lib/proposals/pdf/fonts";

/** What a certificate of completion prints (issue 43): made once when it is issued, and stored. */
export type CertificateFacts = {
  id: string;
  learnerName: string;
  courseTitle: string;
  providerName: string;
  completedAt: Date;
  /** APP_URL/verify: where anyone checks this PDF, its SHA-256 or its credential. */
  verifyUrl: string;
};

const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

const styles = StyleSheet.create({
  page: { fontFamily: PDF_FONT, padding: 56, fontSize: 11, color: "#1e293b" },
  frame: { flexGrow: 1, borderWidth: 2, borderColor: "#4f46e5", padding: 40, alignItems: "center", justifyContent: "center" },
  kicker: { fontSize: 12, letterSpacing: 2, color: "#4f46e5", marginBottom: 24 },
  name: { fontSize: 30, fontWeight: 700, marginBottom: 16, textAlign: "center" },
  line: { fontSize: 13, marginBottom: 6, textAlign: "center" },
  course: { fontSize: 20, fontWeight: 700, marginVertical: 10, textAlign: "center" },
  footer: { marginTop: 36, fontSize: 9, color: "#475569", textAlign: "center" },
});

/** The certificate as one landscape A4 page: who completed which course, by whom, when, and where to verify it. */
function CertificateDocument({ facts }: { facts: CertificateFacts }) {
  return (
    <Document title={`Certificate: ${facts.courseTitle}`} author={facts.providerName} creator="Coursewright" producer="Coursewright">
      <Page size="A4" orientation="landscape" style={styles.page}>
        <View style={styles.frame}>
          <Text style={styles.kicker}>CERTIFICATE OF COMPLETION</Text>
          <Text style={styles.name}>{facts.learnerName}</Text>
          <Text style={styles.line}>completed the course</Text>
          <Text style={styles.course}>{facts.courseTitle}</Text>
          <Text style={styles.line}>by {facts.providerName}</Text>
          <Text style={styles.line}>on {day.format(facts.completedAt)}</Text>
          <Text style={styles.footer}>
            Certificate {facts.id}. Check this certificate at {facts.verifyUrl}: upload this PDF, or paste its credential.
          </Text>
        </View>
      </Page>
    </Document>
  );
}

export async function renderCertificatePdf(facts: CertificateFacts): Promise<Buffer> {
  registerPdfFonts();
  return renderToBuffer(<CertificateDocument facts={facts} />);
}
