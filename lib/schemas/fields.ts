import { z } from "zod";
import { hasNoNul } from "./strings";

// The field rules the API's and the forms' bodies share (alert rules, mute windows, triage,
// probes): one wording for a missing field and a wrong type, one rule for a label.

/** A type error's message, or "is required" when the field is missing. */
export const expected = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? "is required" : message),
});

/** A name people type: trimmed, not empty, at most `max` characters, no NUL. */
export const label = (max: number) =>
  z
    .string(expected("must be a string"))
    .trim()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`)
    .refine(hasNoNul, "must not contain a NUL character");
