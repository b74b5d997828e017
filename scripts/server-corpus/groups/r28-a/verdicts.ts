// The verdicts for group r28-a, written from the captured exchanges (test/fixtures/server-corpus/groups/r28-a.jsonl)
// under the outcome model of scripts/server-corpus/CAPTURING.md, never by running Faultline.

import type { Verdict } from "../../verdicts.js";

export const VERDICTS: Record<string, Verdict> = {};
