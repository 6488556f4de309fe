-- CreateTable
CREATE TABLE "audit_events" (
    "id" UUID NOT NULL,
    "actor_user_id" UUID NOT NULL,
    "actor_name" TEXT NOT NULL,
    "via" TEXT NOT NULL,
    "api_key_id" UUID,
    "api_key_name" TEXT,
    "api_key_prefix" TEXT,
    "operation" TEXT NOT NULL,
    "target_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_events_target_id_created_at_idx" ON "audit_events"("target_id", "created_at");

-- CreateIndex
CREATE INDEX "audit_events_actor_user_id_created_at_idx" ON "audit_events"("actor_user_id", "created_at");
