-- CreateTable
CREATE TABLE "presence_sessions" (
    "user_id" UUID NOT NULL,
    "session_id" TEXT NOT NULL,
    "user_name" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "block_id" TEXT,
    "seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "presence_sessions_pkey" PRIMARY KEY ("user_id","session_id")
);

-- CreateIndex
CREATE INDEX "presence_sessions_target_seen_at_idx" ON "presence_sessions"("target", "seen_at");
