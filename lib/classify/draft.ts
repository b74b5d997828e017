import type { Category, Flag, Outcome } from "./types";

// What each layer's reading of a call decides, before lib/classify/index.ts finishes it (the
// retry verdict, the stored text, masking, the signature).

export interface Draft {
  outcome: Outcome;
  category?: Category;
  errorCode?: string;
  explicitRetryable?: boolean;
  /** The error code was read from the failure's words only (code_in_prose). */
  codeInProse?: boolean;
  silentFailure?: boolean;
  partial?: boolean;
  empty?: boolean;
  flags: Flag[];
  /** The text the agent saw. */
  text: string;
}
