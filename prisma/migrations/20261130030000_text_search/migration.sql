-- Text search through a trigram index instead of scanning the window: ILIKE '%…%' on the
-- tool, error code and text of a call (lib/queries/calls.ts builds the same expression).
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "calls_search_trgm_idx" ON "calls"
    USING gin ((coalesce("tool", '') || ' ' || coalesce("error_code", '') || ' ' || "text") gin_trgm_ops);
