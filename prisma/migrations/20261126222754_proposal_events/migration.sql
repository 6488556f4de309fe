-- CreateEnum
CREATE TYPE "ProposalActorKind" AS ENUM ('member', 'recipient', 'system', 'agent');

-- CreateTable
CREATE TABLE "proposal_events" (
    "id" BIGSERIAL NOT NULL,
    "proposal_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "actor_kind" "ProposalActorKind" NOT NULL,
    "actor_user_id" UUID,
    "actor_name" TEXT NOT NULL DEFAULT '',
    "detail" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "proposal_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "proposal_events_proposal_id_id_idx" ON "proposal_events"("proposal_id", "id");

-- AddForeignKey
ALTER TABLE "proposal_events" ADD CONSTRAINT "proposal_events_proposal_id_fkey" FOREIGN KEY ("proposal_id") REFERENCES "proposals"("id") ON DELETE CASCADE ON UPDATE CASCADE;
