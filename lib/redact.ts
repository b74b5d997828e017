import { RE2JS } from "re2js";
import { STORED_TEXT_WINDOW } from "./classify/types";
import { getEnv } from "./env";

// Masks secrets in every string Faultline stores (texts, labels, transport errors, codes,
// examples). Runs before anything derived is computed from those strings, and on no more
// than what is stored: a text is masked over its first REDACTION_WINDOW characters, which
// covers the 512 code points kept plus any secret that starts inside them.
//
// Linear time on any input: every built-in pattern starts at the beginning of a run of token
// characters (the negative lookbehinds) or at a fixed keyword, and has no two unbounded parts
// that can trade characters, so no position is rescanned more than a constant number of times.
// Patterns an operator adds (FAULTLINE_REDACT_PATTERNS) run on RE2, which is linear by design.

export const REDACTED = "[REDACTED]";

/** Characters of a string that are masked: what can be stored (see STORED_TEXT_WINDOW). */
export const REDACTION_WINDOW = STORED_TEXT_WINDOW;

const BUILT_IN: [RegExp, string][] = [
  [
    /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]{0,40}PRIVATE KEY-----|$)/g,
    `-----BEGIN PRIVATE KEY-----${REDACTED}-----END PRIVATE KEY-----`,
  ],
  // Authorization schemes: a bearer token of any length, Basic credentials, "Token <long>".
  [/\b(Bearer)[ \t]+[A-Za-z0-9\-._~+/]+=*/gi, `$1 ${REDACTED}`],
  [/\b(Basic)[ \t]+[A-Za-z0-9+/]{4,}=*/gi, `$1 ${REDACTED}`],
  [/\b(Token)[ \t]+[A-Za-z0-9\-._~+/]{16,}=*/gi, `$1 ${REDACTED}`],
  // Vendor tokens, each anchored at the start of a run of token characters.
  [/(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, REDACTED], // JWT
  [/(?<![A-Za-z0-9_-])sk-[A-Za-z0-9_-]{16,}/g, REDACTED], // OpenAI, Anthropic
  [/(?<![A-Za-z0-9_])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,}/g, REDACTED], // Stripe secret, restricted
  [/(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g, REDACTED], // GitHub
  [/(?<![A-Za-z0-9_-])glpat-[A-Za-z0-9_-]{20,}/g, REDACTED], // GitLab
  [/(?<![A-Za-z0-9_-])(?:xox[abposre]|xapp)-[A-Za-z0-9-]{10,}/g, REDACTED], // Slack
  [/(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}/g, REDACTED], // Google API key
  [/(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}/g, REDACTED], // npm
  [/(?<![A-Za-z0-9_])flk_[A-Za-z0-9_-]{20,}/g, REDACTED], // Faultline's own keys
  [/\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g, REDACTED], // AWS access key id
  [
    /\b(aws_secret_access_key|secret_access_key)(["']?[ \t]*[:=][ \t]*["']?)[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])/gi,
    `$1$2${REDACTED}`,
  ],
  // user:password@ in a URL (the scheme is at most 32 characters, the parts at most 256).
  [/(?<![a-z0-9+.-])([a-z][a-z0-9+.-]{0,31}:\/\/[^\s:/@"']{1,256}:)[^\s@/"']{1,256}@/gi, `$1${REDACTED}@`],
  // name=value and "name": "value" assignments of secrets.
  [
    /\b(password|passwd|pwd|secret|secret[_-]?key|api[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|client[_-]?secret|private[_-]?key|token)(["']?[ \t]*[:=][ \t]*["']?)[^\s"',;&]{4,}/gi,
    `$1$2${REDACTED}`,
  ],
];

export type Redactor = (text: string) => string;

/** Checks an operator's pattern: RE2 syntax (no lookaround, no backreferences). Throws saying why. */
export function compileExtraPattern(source: string): RE2JS {
  return RE2JS.compile(source);
}

/** Built-in patterns plus configured extras (RE2 sources), over the first REDACTION_WINDOW characters. */
export function createRedactor(extraPatterns: readonly string[] = []): Redactor {
  const extras = extraPatterns.map(compileExtraPattern);
  return (text) => {
    let result = text.length > REDACTION_WINDOW ? text.slice(0, REDACTION_WINDOW) : text;
    for (const [pattern, replacement] of BUILT_IN) result = result.replace(pattern, replacement);
    for (const pattern of extras) result = pattern.matcher(result).replaceAll(REDACTED);
    return result;
  };
}

let configured: Redactor | undefined;

/** The redactor for this process: built-in patterns plus FAULTLINE_REDACT_PATTERNS. */
export function configuredRedactor(): Redactor {
  configured ??= createRedactor(getEnv().FAULTLINE_REDACT_PATTERNS);
  return configured;
}
