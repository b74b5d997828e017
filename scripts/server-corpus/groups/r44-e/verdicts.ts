// Verdicts for group r44-e, written from the captured exchanges (test/fixtures/server-corpus/groups/r44-e.jsonl)
// without reading or running Faultline's classifier.

import type { Verdict } from "../../verdicts.js";

export const VERDICTS: Record<string, Verdict> = {};
