import type { Verdict } from "../../verdicts.js";

export const VERDICTS: Record<string, Verdict> = {};
