-- Token buckets shared by every app instance on this database (lib/http/shared-bucket.ts):
-- instances lease tokens in small batches, so N instances behind a load balancer enforce one
-- limit per key, at one round trip per lease rather than per request.
CREATE TABLE rate_buckets (
  key        text PRIMARY KEY,
  tokens     double precision NOT NULL,
  granted    double precision NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL
);
