// Verdicts for group r42-e, written from the captured exchanges (test/fixtures/server-corpus/groups/r42-e.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";

export const VERDICTS: Record<string, Verdict> = {};
