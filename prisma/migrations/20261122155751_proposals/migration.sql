-- CreateEnum
CREATE TYPE "ProposalStatus" AS ENUM ('draft', 'template', 'active', 'accepted', 'replaced', 'rejected', 'withdrawn');

-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "address" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "avatar_uuid" UUID,
ADD COLUMN     "email" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "logo_uuid" UUID,
ADD COLUMN     "phone" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "powerups" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "timezone" TEXT NOT NULL DEFAULT 'UTC';

-- CreateTable
CREATE TABLE "products" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "title" JSONB NOT NULL,
    "description" JSONB NOT NULL DEFAULT '{}',
    "sources" JSONB NOT NULL DEFAULT '{}',
    "external_unique_id" TEXT,
    "oracle_code_lower" TEXT,
    "integration_id" INTEGER,
    "integration_metadata" JSONB,
    "price" DECIMAL(14,4),
    "tax_rate" DECIMAL(5,2),
    "unit" TEXT,
    "archived_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "products_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "variations" (
    "id" SERIAL NOT NULL,
    "product_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "variations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "assets" (
    "id" SERIAL NOT NULL,
    "uuid" UUID NOT NULL,
    "company_id" INTEGER,
    "uploaded_by" UUID,
    "filename" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "width" INTEGER,
    "height" INTEGER,
    "storage_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "assets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "product_images" (
    "product_id" INTEGER NOT NULL,
    "asset_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "product_images_pkey" PRIMARY KEY ("product_id","asset_id")
);

-- CreateTable
CREATE TABLE "attachments" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "uploaded_by" UUID,
    "filename" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "storage_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "attachments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "proposal_series" (
    "id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "proposal_series_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "proposals" (
    "id" UUID NOT NULL,
    "series_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "status" "ProposalStatus" NOT NULL DEFAULT 'draft',
    "language" TEXT NOT NULL,
    "title_md" TEXT NOT NULL DEFAULT '',
    "description_md" TEXT NOT NULL DEFAULT '',
    "data" JSONB NOT NULL DEFAULT '{}',
    "recipient_id" INTEGER,
    "contact_user_id" UUID,
    "creator_user_id" UUID NOT NULL,
    "background_image" JSONB,
    "background_video" JSONB,
    "tax_options" JSONB NOT NULL DEFAULT '{}',
    "invoicing_enabled" BOOLEAN NOT NULL DEFAULT false,
    "invoicing" JSONB NOT NULL DEFAULT '{}',
    "payment" JSONB NOT NULL DEFAULT '{}',
    "discount_decimals" SMALLINT NOT NULL DEFAULT 0,
    "currency" TEXT NOT NULL,
    "blocks" JSONB NOT NULL DEFAULT '[]',
    "attachments" JSONB NOT NULL DEFAULT '[]',
    "signatures" JSONB NOT NULL DEFAULT '[]',
    "editor" JSONB NOT NULL DEFAULT '{"notification_user_ids": {}}',
    "tracking_rfp_id" INTEGER,
    "tracking_template_id" UUID,
    "is_test" BOOLEAN NOT NULL DEFAULT false,
    "source_id" UUID,
    "accepted_proposal_id" UUID,
    "archived_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3),
    "status_changed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "recipient_viewed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "proposals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "products_company_id_created_at_idx" ON "products"("company_id", "created_at");

-- CreateIndex
CREATE INDEX "products_company_id_external_unique_id_idx" ON "products"("company_id", "external_unique_id");

-- CreateIndex
CREATE INDEX "products_company_id_oracle_code_lower_idx" ON "products"("company_id", "oracle_code_lower");

-- CreateIndex
CREATE UNIQUE INDEX "variations_product_id_key" ON "variations"("product_id");

-- CreateIndex
CREATE UNIQUE INDEX "assets_uuid_key" ON "assets"("uuid");

-- CreateIndex
CREATE INDEX "assets_uploaded_by_idx" ON "assets"("uploaded_by");

-- CreateIndex
CREATE INDEX "attachments_company_id_created_at_idx" ON "attachments"("company_id", "created_at");

-- CreateIndex
CREATE INDEX "proposal_series_company_id_idx" ON "proposal_series"("company_id");

-- CreateIndex
CREATE INDEX "proposals_company_id_created_at_idx" ON "proposals"("company_id", "created_at");

-- CreateIndex
CREATE INDEX "proposals_source_id_idx" ON "proposals"("source_id");

-- CreateIndex
CREATE INDEX "proposals_recipient_id_idx" ON "proposals"("recipient_id");

-- CreateIndex
CREATE UNIQUE INDEX "proposals_series_id_version_key" ON "proposals"("series_id", "version");

-- AddForeignKey
ALTER TABLE "products" ADD CONSTRAINT "products_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "variations" ADD CONSTRAINT "variations_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "assets" ADD CONSTRAINT "assets_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proposal_series" ADD CONSTRAINT "proposal_series_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_series_id_fkey" FOREIGN KEY ("series_id") REFERENCES "proposal_series"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_recipient_id_fkey" FOREIGN KEY ("recipient_id") REFERENCES "contacts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_creator_user_id_fkey" FOREIGN KEY ("creator_user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_contact_user_id_fkey" FOREIGN KEY ("contact_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Variation ids start far from product ids, so that a client (or a bug) mixing the two up
-- names nothing instead of the wrong item.
ALTER SEQUENCE "variations_id_seq" RESTART WITH 500001;
