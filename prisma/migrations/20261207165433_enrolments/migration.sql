-- AlterTable
ALTER TABLE "invitations" ADD COLUMN     "enrolment_id" UUID;

-- CreateTable
CREATE TABLE "enrolments" (
    "id" UUID NOT NULL,
    "proposal_id" UUID NOT NULL,
    "block_uuid" TEXT NOT NULL,
    "company_id" INTEGER NOT NULL,
    "course_id" UUID NOT NULL,
    "seats" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "enrolments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "enrolment_managers" (
    "enrolment_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "enrolment_managers_pkey" PRIMARY KEY ("enrolment_id","email")
);

-- CreateTable
CREATE TABLE "enrolment_learners" (
    "enrolment_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "invited_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "enrolment_learners_pkey" PRIMARY KEY ("enrolment_id","email")
);

-- CreateIndex
CREATE INDEX "enrolments_course_id_idx" ON "enrolments"("course_id");

-- CreateIndex
CREATE INDEX "enrolments_company_id_idx" ON "enrolments"("company_id");

-- CreateIndex
CREATE UNIQUE INDEX "enrolments_proposal_id_block_uuid_key" ON "enrolments"("proposal_id", "block_uuid");

-- CreateIndex
CREATE INDEX "enrolment_managers_email_idx" ON "enrolment_managers"("email");

-- CreateIndex
CREATE INDEX "enrolment_learners_email_idx" ON "enrolment_learners"("email");

-- CreateIndex
CREATE INDEX "invitations_enrolment_id_idx" ON "invitations"("enrolment_id");

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_enrolment_id_fkey" FOREIGN KEY ("enrolment_id") REFERENCES "enrolments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_proposal_id_fkey" FOREIGN KEY ("proposal_id") REFERENCES "proposals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_course_id_fkey" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "enrolment_managers" ADD CONSTRAINT "enrolment_managers_enrolment_id_fkey" FOREIGN KEY ("enrolment_id") REFERENCES "enrolments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "enrolment_learners" ADD CONSTRAINT "enrolment_learners_enrolment_id_fkey" FOREIGN KEY ("enrolment_id") REFERENCES "enrolments"("id") ON DELETE CASCADE ON UPDATE CASCADE;
