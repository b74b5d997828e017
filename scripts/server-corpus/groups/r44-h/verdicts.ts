// Verdicts for group r44-h, written from the captured exchanges (test/fixtures/server-corpus/groups/r44-h.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";

export const VERDICTS: Record<string, Verdict> = {};
