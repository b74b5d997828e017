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
// that can trade characters (a separator and the value after it never share a character, and a
// repeated group's alternatives start with different characters), so no position is rescanned
// more than a constant number of times; a quoted value is at most 256 characters. Patterns an
// operator adds (FAULTLINE_REDACT_PATTERNS) run on RE2, which is linear by design.

export const REDACTED = "[REDACTED]";

/** Characters of a string that are masked: what can be stored (see STORED_TEXT_WINDOW). */
export const REDACTION_WINDOW = STORED_TEXT_WINDOW;

/** Masks the value of every name=value pair in a Cookie header (the first only in a Set-Cookie). */
function maskCookies(_match: string, header: string, separator: string, pairs: string): string {
  const masked = /^set-/i.test(header)
    ? pairs.replace(/^([^;=]+=)[^;]+/, `$1${REDACTED}`)
    : pairs.replace(/(^|;[ \t]*)([^;=]+=)[^;]+/g, `$1$2${REDACTED}`);
  return `${header}${separator}${masked}`;
}

type Replacement = string | ((match: string, ...groups: string[]) => string);

// A credential after an authorization scheme: separated by spaces (any but a line break, so a
// no-break space too) or "%20" (a header in a URL or an environment variable), and possibly
// percent-encoded itself ("%2B", "%3D"; never "%20", so separator and token share nothing).
const SCHEME_SEPARATOR = String.raw`((?:[^\S\r\n]|%20)+)`;
const ENCODED = String.raw`%(?!20)[0-9A-Fa-f]{2}`;

// Names whose value is a secret. Matched anywhere, so at the end of a longer name too:
// DB_PASSWORD, userPassword, GITHUB_TOKEN, id_token, _authToken, SessionToken, SecretAccessKey.
const SECRET_NAME = String.raw`(password|passwd|pwd|secret[_-]?(?:access[_-]?)?key|(?:api|private)[_-]?key|secret|token)`;
// The name's closing quote (also \" inside a JSON string), then ":" or "=".
const ASSIGNMENT = String.raw`(\\?["']?[ \t]*[:=][ \t]*)`;
// The value: a quoted one whole (up to 256 characters: \"…\", "…" with escapes, '…'), else
// (unquoted, or a quote not closed in time) a run of at least 4 characters.
const SECRET_VALUE = String.raw`(?:(\\")[^"\\\r\n]{1,256}\\"|(")(?:[^"\\\r\n]|\\.){1,256}"|(')[^'\r\n]{1,256}'|(\\?["']?)[^\s"',;&]{4,})`;

// A cookie name (an HTTP token) and value; pairs are separated by "; ".
const COOKIE_PAIR = String.raw`[!#$%&'*+.^_\`|~0-9A-Za-z-]{1,128}=[^\s;,"\\]*`;

const BUILT_IN: [RegExp, Replacement][] = [
  [
    /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]{0,40}PRIVATE KEY-----|$)/g,
    `-----BEGIN PRIVATE KEY-----${REDACTED}-----END PRIVATE KEY-----`,
  ],
  // Authorization schemes: a bearer token of any length, Basic credentials, "Token <long>".
  [
    new RegExp(String.raw`\b(Bearer)${SCHEME_SEPARATOR}(?:[A-Za-z0-9\-._~+/]|${ENCODED})+=*`, "gi"),
    `$1$2${REDACTED}`,
  ],
  [
    new RegExp(String.raw`\b(Basic)${SCHEME_SEPARATOR}(?:[A-Za-z0-9+/]|${ENCODED}){4,}=*`, "gi"),
    `$1$2${REDACTED}`,
  ],
  [
    new RegExp(String.raw`\b(Token)${SCHEME_SEPARATOR}(?:[A-Za-z0-9\-._~+/]|${ENCODED}){16,}=*`, "gi"),
    `$1$2${REDACTED}`,
  ],
  // Vendor tokens, each anchored at the start of a run of token characters. A "_" may come
  // before (ERR_sk-…, MY_ghp_…) wherever what follows the prefix is a single run, so a match
  // either takes the whole run or fails within a bounded distance.
  [/(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, REDACTED], // JWT
  [/(?<![A-Za-z0-9-])sk-[A-Za-z0-9_-]{16,}/g, REDACTED], // OpenAI, Anthropic
  [/(?<![A-Za-z0-9])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,}/g, REDACTED], // Stripe secret, restricted
  [/(?<![A-Za-z0-9])(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g, REDACTED], // GitHub
  [/(?<![A-Za-z0-9-])glpat-[A-Za-z0-9_-]{20,}/g, REDACTED], // GitLab
  [/(?<![A-Za-z0-9-])(?:xox[abposre]|xapp)-[A-Za-z0-9-]{10,}/g, REDACTED], // Slack
  [/(?<![A-Za-z0-9-])AIza[0-9A-Za-z_-]{35}/g, REDACTED], // Google API key
  [/(?<![A-Za-z0-9])npm_[A-Za-z0-9]{36}/g, REDACTED], // npm
  [/(?<![A-Za-z0-9])flk_[A-Za-z0-9_-]{20,}/g, REDACTED], // Faultline's own keys
  [/(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])/g, REDACTED], // AWS access key id
  // user:password@ in a URL (the scheme is at most 32 characters, the parts at most 256).
  [/(?<![a-z0-9+.-])([a-z][a-z0-9+.-]{0,31}:\/\/[^\s:/@"']{1,256}:)[^\s@/"']{1,256}@/gi, `$1${REDACTED}@`],
  // Cookie: a=…; b=… and Set-Cookie: sid=…; Path=/ (the cookie, not its attributes).
  [
    new RegExp(
      String.raw`\b((?:set-)?cookie)(\\?["']?[ \t]*:[ \t]*\\?["']?)(${COOKIE_PAIR}(?:;[ \t]*${COOKIE_PAIR})*)`,
      "gi",
    ),
    maskCookies,
  ],
  // name=value and "name": "value" assignments of secrets (AWS's secret_access_key and
  // SecretAccessKey among them); the name and quotes stay, the value goes.
  [new RegExp(`${SECRET_NAME}${ASSIGNMENT}${SECRET_VALUE}`, "gi"), `$1$2$3$4$5$6${REDACTED}$3$4$5`],
];

/** The built-in patterns over the whole of a string (no window): what the tests time on hostile input. */
export function maskBuiltIn(text: string): string {
  let result = text;
  for (const [pattern, replacement] of BUILT_IN)
    result =
      typeof replacement === "string"
        ? result.replace(pattern, replacement)
        : result.replace(pattern, replacement);
  return result;
}

export type Redactor = (text: string) => string;

/** Checks an operator's pattern: RE2 syntax (no lookaround, no backreferences). Throws saying why. */
export function compileExtraPattern(source: string): RE2JS {
  return RE2JS.compile(source);
}

/** Built-in patterns plus configured extras (RE2 sources), over the first REDACTION_WINDOW characters. */
export function createRedactor(extraPatterns: readonly string[] = []): Redactor {
  const extras = extraPatterns.map(compileExtraPattern);
  return (text) => {
    let result = maskBuiltIn(text.length > REDACTION_WINDOW ? text.slice(0, REDACTION_WINDOW) : text);
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
