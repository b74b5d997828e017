-- A stdio server that never started (its command not found or not executable, or it exited
-- before answering initialize: faultline-proxy) is a category of its own, `launch`.
-- On the partitioned calls table the constraint is dropped and added on every partition at once.
ALTER TABLE "calls" DROP CONSTRAINT "calls_category_check";
ALTER TABLE "calls" ADD CONSTRAINT "calls_category_check" CHECK ("category" IS NULL OR "category" IN ('transient', 'rate_limited', 'validation', 'unknown_tool', 'business', 'permission', 'auth', 'internal', 'launch', 'unknown'));
