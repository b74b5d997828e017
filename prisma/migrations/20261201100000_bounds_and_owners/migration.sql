-- Sign-in throttle keys are fixed-size hashes instead of the typed email and the address
-- (lib/auth/throttle.ts): "<kind>:" and the first 128 bits of the SHA-256 of the old key.
-- Rows already counted are hashed in place, so no count is lost. A pair's row also names its
-- address's key, so the accounts tried from one address can be counted.
ALTER TABLE "sign_in_throttle" ADD COLUMN "address_key" TEXT;
UPDATE "sign_in_throttle" SET
    "address_key" = CASE WHEN "key" LIKE 'pair:%' THEN
        'address:' || left(encode(sha256(convert_to('address:' || regexp_replace("key", '^.*\|', ''), 'UTF8')), 'hex'), 32)
    END,
    "key" = split_part("key", ':', 1) || ':' || left(encode(sha256(convert_to("key", 'UTF8')), 'hex'), 32);
CREATE INDEX "sign_in_throttle_address_key_last_at_idx" ON "sign_in_throttle"("address_key", "last_at");

-- Who created each key (lib/auth/access.ts says who owns a key of each scope): a dashboard
-- user's id, or NULL for the operator's keys (npm run keys, FAULTLINE_INIT_INGEST_KEY, the
-- first-run key). No foreign key on purpose: the id outlives the user, so a key of a removed
-- admin is still known to be theirs. Keys made before this migration have no recorded creator.
ALTER TABLE "api_keys" ADD COLUMN "created_by" UUID;
CREATE INDEX "api_keys_created_by_idx" ON "api_keys"("created_by");

-- Who created each project from the dashboard, and when: users who are not admins create at most
-- FAULTLINE_PROJECTS_PER_USER_PER_HOUR an hour (lib/auth/access.ts). NULL for the operator's
-- projects (CLI, FAULTLINE_INIT_INGEST_KEY) and those created before this migration.
ALTER TABLE "projects" ADD COLUMN "created_by" UUID;
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_fkey"
    FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "projects_created_by_created_at_idx" ON "projects"("created_by", "created_at");
