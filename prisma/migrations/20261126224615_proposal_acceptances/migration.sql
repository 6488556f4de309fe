-- CreateTable
CREATE TABLE "proposal_acceptances" (
    "id" SERIAL NOT NULL,
    "proposal_id" UUID NOT NULL,
    "signer_name" TEXT NOT NULL,
    "signer_email" TEXT NOT NULL DEFAULT '',
    "signed_at" TIMESTAMPTZ(3) NOT NULL,
    "ip_address" TEXT NOT NULL,
    "user_agent" TEXT NOT NULL,
    "consent_text" TEXT NOT NULL,
    "consent_version" INTEGER NOT NULL,
    "document" TEXT NOT NULL,
    "document_sha256" TEXT NOT NULL,
    "audit_trail" JSONB NOT NULL,
    "pdf" BYTEA,
    "pdf_sha256" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "proposal_acceptances_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "proposal_acceptances_proposal_id_key" ON "proposal_acceptances"("proposal_id");

-- CreateIndex
CREATE UNIQUE INDEX "proposal_acceptances_pdf_sha256_key" ON "proposal_acceptances"("pdf_sha256");

-- CreateIndex
CREATE INDEX "proposal_acceptances_document_sha256_idx" ON "proposal_acceptances"("document_sha256");

-- AddForeignKey
ALTER TABLE "proposal_acceptances" ADD CONSTRAINT "proposal_acceptances_proposal_id_fkey" FOREIGN KEY ("proposal_id") REFERENCES "proposals"("id") ON DELETE CASCADE ON UPDATE CASCADE;
