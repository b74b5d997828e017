-- A call's arguments fingerprint is keyed per project (lib/ingest/fingerprint.ts): what is stored
-- is HMAC-SHA256(the project's fingerprint key, the sender's SHA-256 of the arguments), so that a
-- reader of calls cannot recover simple arguments (a PIN, an id) by hashing guesses — yet it is
-- equal for equal arguments within a project, whichever route reported the call.
--
-- The key: 32 bytes from two version-4 UUIDs (PostgreSQL's cryptographic random source; 244
-- random bits), one per project, never shown.
ALTER TABLE "projects" ADD COLUMN "fingerprint_key" BYTEA NOT NULL
  DEFAULT decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex');

-- The fingerprints already stored are keyed here, with the same HMAC (RFC 2104) built from
-- PostgreSQL's sha256(): the inner and outer padded keys once per project, then two hashes a row.
CREATE TEMPORARY TABLE "fingerprint_keys" ON COMMIT DROP AS
SELECT id,
       decode((SELECT string_agg(lpad(to_hex(get_byte(k, i) # 54), 2, '0'), '' ORDER BY i) FROM generate_series(0, 63) AS i), 'hex') AS ipad,
       decode((SELECT string_agg(lpad(to_hex(get_byte(k, i) # 92), 2, '0'), '' ORDER BY i) FROM generate_series(0, 63) AS i), 'hex') AS opad
FROM (SELECT id, "fingerprint_key" || decode(repeat('00', 64 - length("fingerprint_key")), 'hex') AS k FROM "projects") AS padded;

UPDATE "calls" AS c
SET "arguments_hash" = encode(sha256(k.opad || sha256(k.ipad || convert_to(c."arguments_hash", 'UTF8'))), 'hex')
FROM "fingerprint_keys" AS k
WHERE c."project_id" = k.id AND c."arguments_hash" IS NOT NULL;

-- Each observation kept on a call holds the fingerprint too.
UPDATE "calls" AS c
SET "observations" = (
  SELECT jsonb_agg(
           CASE WHEN jsonb_typeof(o -> 'argumentsHash') = 'string'
                THEN jsonb_set(o, '{argumentsHash}', to_jsonb(encode(sha256(k.opad || sha256(k.ipad || convert_to(o ->> 'argumentsHash', 'UTF8'))), 'hex')))
                ELSE o END
           ORDER BY position)
  FROM jsonb_array_elements(c."observations") WITH ORDINALITY AS e(o, position))
FROM "fingerprint_keys" AS k
WHERE c."project_id" = k.id AND c."observations" IS NOT NULL;

-- A call found by its method, tool and fingerprint (lib/ingest/observations: loose_key) is found
-- by the keyed one now: the first 128 bits of SHA-256("method\0tool\0fingerprint").
UPDATE "calls"
SET "loose_key" = left(encode(sha256(
      convert_to("method", 'UTF8') || '\x00'::bytea || convert_to(coalesce("tool", ''), 'UTF8') || '\x00'::bytea || convert_to("arguments_hash", 'UTF8')
    ), 'hex'), 32)
WHERE "loose_key" IS NOT NULL AND "arguments_hash" IS NOT NULL;
