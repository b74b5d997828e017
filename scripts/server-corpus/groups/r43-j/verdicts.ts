// Verdicts for group r43-j, written from the captured exchanges (test/fixtures/server-corpus/groups/r43-j.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";

export const VERDICTS: Record<string, Verdict> = {};
