-- The counts of the request limits (lib/api/limit-store.ts, docs/decisions/053). rate-limiter-flexible
-- created this table on first use until now; the app owns it from here. A database where the library
-- made it keeps it and its counts (same columns, same key format): the key's 255-character limit is
-- lifted and every count has an end, as the app writes them.
CREATE TABLE IF NOT EXISTS "rate_limits" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT NOT NULL,

    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
);

ALTER TABLE "rate_limits" ALTER COLUMN "key" TYPE TEXT;
DELETE FROM "rate_limits" WHERE "expire" IS NULL;
ALTER TABLE "rate_limits" ALTER COLUMN "expire" SET NOT NULL;
