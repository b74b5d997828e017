-- A fingerprint of each call's arguments, computed by the sender (the arguments themselves are
-- never sent): a wasted retry is now the same call — tool, session and arguments — made again
-- after a failure that said retrying would not help.
ALTER TABLE "calls" ADD COLUMN "arguments_hash" TEXT;

-- Calls stored before carry no fingerprint, and without one nothing is flagged a wasted retry: the
-- old flags (the same tool after any non-retryable failure, whatever its arguments, also when the
-- repeat succeeded) no longer hold, and the figures built from them go with them.
UPDATE "calls" SET "flags" = array_remove("flags", 'wasted_retry') WHERE 'wasted_retry' = ANY ("flags");
UPDATE "outcome_rollups" SET "wasted_retries" = 0 WHERE "wasted_retries" <> 0;
