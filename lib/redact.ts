import { getEnv } from "./env";

// Masks secrets in the text Faultline stores. Runs after classification (so flags and
// categories are computed on what the agent really saw) and before storage.

export const REDACTED = "[REDACTED]";

const BUILT_IN: [RegExp, string][] = [
  [
    /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g,
    `-----BEGIN PRIVATE KEY-----${REDACTED}-----END PRIVATE KEY-----`,
  ],
  [/\b(Bearer|Basic|Token)\s+[A-Za-z0-9\-._~+/]{8,}=*/gi, `$1 ${REDACTED}`],
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, REDACTED],
  [/\bsk-(?:[a-z]+-)?[A-Za-z0-9_-]{16,}/g, REDACTED],
  [/\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g, REDACTED],
  [/\bxox[abposr]-[A-Za-z0-9-]{10,}/g, REDACTED],
  [/\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g, REDACTED],
  [
    /\b(aws_secret_access_key|secret_access_key)(["']?\s*[:=]\s*["']?)[A-Za-z0-9/+]{40}\b/gi,
    `$1$2${REDACTED}`,
  ],
  [/\bflk_[A-Za-z0-9_-]{20,}/g, REDACTED],
  [/\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@"']+:)[^\s@/"']+@/gi, `$1${REDACTED}@`],
  [
    /\b(password|passwd|pwd|secret|api[_-]?key|access[_-]?token|client[_-]?secret)(["']?\s*[:=]\s*["']?)[^\s"',;&]{4,}/gi,
    `$1$2${REDACTED}`,
  ],
];

export type Redactor = (text: string) => string;

/** Built-in patterns plus configured extras (regular-expression sources, matched globally). */
export function createRedactor(extraPatterns: readonly string[] = []): Redactor {
  const rules: [RegExp, string][] = [
    ...BUILT_IN,
    ...extraPatterns.map((source): [RegExp, string] => [new RegExp(source, "g"), REDACTED]),
  ];
  return (text) => {
    let result = text;
    for (const [pattern, replacement] of rules) result = result.replace(pattern, replacement);
    return result;
  };
}

let configured: Redactor | undefined;

/** The redactor for this process: built-in patterns plus FAULTLINE_REDACT_PATTERNS. */
export function configuredRedactor(): Redactor {
  configured ??= createRedactor(getEnv().FAULTLINE_REDACT_PATTERNS);
  return configured;
}
