-- One-time links with which a user sets their password: an invited user's first one, or a new
-- one an admin sends later. Only the token's SHA-256 is stored. A link is good once (used_at is
-- set in the same statement that checks it) and until expires_at (7 days, lib/auth/invites.ts).
-- Not per project: a small reference table beside users.

CREATE TABLE "user_invites" (
    "id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    CONSTRAINT "user_invites_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "user_invites_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "user_invites_token_hash_key" ON "user_invites"("token_hash");
CREATE INDEX "user_invites_user_id_idx" ON "user_invites"("user_id");
