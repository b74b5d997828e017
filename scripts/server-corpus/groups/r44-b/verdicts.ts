// Verdicts for group r44-b, written from the captured exchanges.
import type { Verdict } from "../../verdicts.js";

export const VERDICTS: Record<string, Verdict> = {};
