-- Failed sign-ins per account and per client address, shared by every app instance
-- (lib/auth/throttle.ts). An attempt is counted before its password is checked.

CREATE TABLE "sign_in_throttle" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "last_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sign_in_throttle_pkey" PRIMARY KEY ("key")
);
CREATE INDEX "sign_in_throttle_last_at_idx" ON "sign_in_throttle"("last_at");
