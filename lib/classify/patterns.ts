import { REASON_PHRASE_LIST, reasonPhrase, statusOfReasonPhrase } from "./codes/http";
import { snakeCase } from "./names";
import { htmlTitle, scanWindow } from "./text";

// Text patterns shared by the silent-failure checks and the error-quality flags. Each
// function looks at no more than scanWindow() of its text, and each pattern is written so
// that it cannot backtrack over that window more than a constant number of times
// (test/unit/classify/pathological.test.ts feeds them the inputs that would).

/**
 * "403 Forbidden", "HTTP/1.1 502 Bad Gateway", "401 Unauthorized: token expired", or an
 * HTML error page titled so. Only when the status line *is* the message: documentation
 * that explains what "403 Forbidden means …" does not match.
 */
export function httpStatusLine(text: string): number | undefined {
  const trimmed = scanWindow(text).trim();
  if (/^<(!doctype|html)/i.test(trimmed)) {
    const title = /^(\d{3})\s+(.+)$/.exec(htmlTitle(trimmed) ?? "");
    return title && knownStatus(title[1], title[2]) && Number(title[1]) >= 400 ? Number(title[1]) : undefined;
  }
  const heading = statusHeading(trimmed) ?? labelledReason(trimmed);
  if (heading !== undefined) return heading;
  if (trimmed.length > 300) return undefined;
  const lines = trimmed.split(/\r?\n/).filter((line) => line.trim() !== "");
  if (lines.length > 3) return undefined;
  const line =
    /^(?:HTTP\/[\d.]+\s+|(?:status|error)\s*:?\s*)?([45]\d\d)\s+([A-Za-z][A-Za-z ]*?)\s*(?:$|[:.\-–—]\s*|\()/i.exec(
      lines[0] ?? "",
    );
  if (!line || !knownStatus(line[1], line[2])) return undefined;
  if (lines.slice(1).some((other) => /^[45]\d\d\s+[A-Za-z]/.test(other.trim()))) return undefined; // a list of statuses
  return Number(line[1]);
}

/**
 * An API's error body written as labelled lines (YAML, TOON) whose first line is its reason phrase:
 * "message: Unprocessable Entity\nerrors[1]: …" is a 422.
 */
function labelledReason(trimmed: string): number | undefined {
  if (trimmed.length > 2000) return undefined;
  const phrase =
    /^(?:message|error|status_?text|status)[ \t]*:[ \t]*["']?([A-Za-z][A-Za-z ]{2,40}?)["']?[ \t]*(?:\r?\n|$)/i.exec(
      trimmed,
    )?.[1];
  const status = phrase ? statusOfReasonPhrase(phrase) : undefined;
  return status !== undefined && status >= 400 ? status : undefined;
}

/**
 * A short page converted to Markdown whose first heading is a status line ("# 404 Not Found" after a
 * reader's "Page 1 of 1" banner): the error page the server fetched, not the page asked for.
 */
function statusHeading(trimmed: string): number | undefined {
  if (trimmed.length > 600) return undefined;
  const heading = /^#{1,3}[ \t]+(.{1,60})$/m.exec(trimmed)?.[1];
  const line = heading ? /^([45]\d\d)[ \t]+([A-Za-z][A-Za-z ]*?)[ \t]*$/.exec(heading.trim()) : null;
  return line && knownStatus(line[1], line[2]) ? Number(line[1]) : undefined;
}

const REASON_PHRASES_PATTERN = REASON_PHRASE_LIST.join("|");

function knownStatus(code: string | undefined, phrase: string | undefined): boolean {
  if (!code || !phrase) return false;
  const expected = reasonPhrase(code);
  return expected !== undefined && phrase.trim().toLowerCase().replace(/\s+/g, " ") === expected;
}

export const ACCESS_OPENING =
  /^(permission denied|access denied|forbidden(?=\s*(?:$|[:.!,;(\-–—]|to\b|for\b))|unauthori[sz]ed|not authori[sz]ed|not authenticated|authentication (failed|required)|invalid (api[ _-]?key|token|credentials?)|(your |the )?(token|session|credentials?) (has |have )?expired|(rate limit(ed)?( exceeded)?|too many requests))\b(?!\s*[:=]\s*\d)/i;

// Each matches the first line of a message that *is* an error report (decoration removed). These
// are unmistakable: they count in a text of any length that opens with them (up to the limits in
// failure-text.ts), and before a stack trace.
export const ERROR_OPENINGS: RegExp[] = [
  // "Error: …", but not "Error: none" or "Failed: 0, Passed: 12" (a value saying there is none).
  /^(error|err|fatal|failure|failed|exception)\s*[:!|\-–—]\s*(?!(?:null|none|false|nil|0|~|\[\]|\{\}|n\/a)\s*(?:$|[,;.]))(?!\d+\s*(?:$|[,;]))\S/i,
  /^(?:[A-Za-z_]\w*\.)*[A-Z][\w$]*(Error|Exception)\s*(?::\s*\S|\(|\s*\[[A-Z_]+\]:)/, // "ValueError: …", "java.lang.IllegalStateException: …", "HTTPError('…')", "Error [ERR_X]: …"
  // AWS-style codes as a prefix: "AccessDenied: …", "ThrottlingException: …", "InvalidParameterValue: …".
  /^(?:[A-Z][a-z0-9]+){1,5}(?:Denied|Failed|NotFound|Unauthorized|Forbidden|Expired|Exceeded|Timeout|Throttled|Unavailable)\s*:\s*\S/,
  /^Invalid(?:[A-Z][a-z0-9]+){1,5}\s*:\s*\S/,
  /^caused by:\s*\S/i,
  // The same labels in Chinese, Japanese and Korean: "调用失败: HTTP 502: …" ("call failed"), "错误：…", "エラー: …".
  /^[\p{Script=Han}]{0,6}(?:失败|错误|出错|异常)\s*[:：]\s*\S|^(?:エラー|오류|실패)\s*[:：]\s*\S/u,
  /^(?:got|received|encountered|hit|caught)\s+(?:an?\s+)?(?:unexpected\s+)?(?:error|exception)(?:\s*[:,(]|\s+(?:from|while|when|during|in)\b)/i,
  /^(?:an?\s+)?error\s+(?:[\w-]+\s+){0,3}from\s+[^\n:]{1,80}:\s*\S/i, // "Error response from daemon: …", "Error from server (NotFound): …"
  /^(an?\s+)?(unexpected|unknown|internal|fatal|unhandled|uncaught)\s+(server\s+)?(error|exception)\b/i,
  /^(an?\s+)?(?:error|exception)\s+(has\s+)?(occurred|occured|was encountered|was raised|was thrown|while|when|during)\b/i,
  /^error\s*[[(][^\])\n]{1,40}[\])]\s*:\s*\S/i, // "Error [500]: …", "Error(E42): …"
  /^error\s+(?:in|on|at|for|with)\s+[^\n:]{1,80}:\s*(?!(?:null|none|nil|false|0)\s*$)\S/i, // "Error in handler: …"
  /^(?:['"`]?[\w.\-/]+['"`]?\s+){1,5}returned an? (?:error|exception|failure)\s*(?:[:.,;(]|$|\s+(?:while|when|from|for|in|on|at)\b)/i, // "The server returned an error: …"
  /^something went wrong\b/i,
  /^(?:['"`]?[\w.\-/]+['"`]?\s+){1,4}failed\s*\((?:HTTP\s*)?[45]\d\d\)\s*:/i, // "Upload failed (HTTP 400): {…}"
  /^(?:error|failed|failure|fatal)\s*[:!]?\s*$/i, // "❌ Error: " and nothing after it: a failure that lost its message
  /^(failed to|unable to|could not|couldn't|cannot|can't)\s+\w+/i,
  ACCESS_OPENING,
  // A refusal of what the call asked, as its whole opening: "Only SELECT queries are allowed. This
  // query was identified as: DELETE", "Restricted fields detected — table … has restricted columns".
  /^only [\w ,-]{1,40}? (?:queries|statements|commands|operations|requests|methods) (?:are|is) (?:allowed|permitted|supported)\b/i,
  /^restricted (?:fields?|columns?|tables?|resources?|attributes?) detected\b/i,
  /^traceback \(most recent call last\)/i,
  /^(the )?(request|operation|connection) (has )?timed? ?out\b/i,
  /^(the )?(service|server|upstream) (is )?(temporarily )?unavailable\b/i,
  /^(rate limit(ed)?( exceeded)?|too many requests)\b(?!\s*[:=]\s*\d)/i,
  // A noun or a name before the word error: "GitHub API error: 401", "SQL Error (CODE): …", "Supabase API error, 400".
  // Not "Last error: …" or "Common errors: …" (a mention), nor "Parse error: none" (no error).
  /^(?!(?:last|previous|recent|latest|first|known|common|typical|sample|example|expected|possible|other|no|any|each|every|most)\b)(?:['"`]?[\w.\-/]+['"`]?\s+){1,4}(?:error|exception)\s*(?:\([^()\n]{0,60}\))?\s*[:,]\s*(?!(?:null|none|false|nil|n\/a|~|\[\]|\{\}|\d{1,2}\b|[0-3]\d\d\b)\s*$)\S/i,
  /^error\s+(?:code\s*:?\s*)?\d{3,5}\b/i, // "Error 1020: Access denied", "error code: 1015"
  /^(?:fehler|erreur|errore|erro|ошибка|エラー|오류)\s*[:：]/i, // "Error:" in other languages
  // Exceptions of other runtimes than a class name or a Python traceback.
  /^[Ee]xception in thread "[^"\n]{0,100}"\s+(?:[a-z_][\w$]*\.)+[A-Z][\w$]*/, // Java
  /^thread '[^'\n]{0,100}' panicked at\b/, // Rust
  /^panic:\s/, // Go
  /^\[Errno \d+\]/, // Python OSError
  /^E(?:NOENT|ACCES|PERM|ISDIR|NOTDIR|EXIST|MFILE|NOSPC|ROFS|BUSY|CONNREFUSED|CONNRESET|CONNABORTED|TIMEDOUT|NOTFOUND|HOSTUNREACH|NETUNREACH|PIPE|AI_AGAIN)\b:?/, // Node
  /^(?:connect|read|write)\s+E[A-Z]{4,}\b/, // Node "connect ECONNREFUSED 127.0.0.1:5432", "read ECONNRESET"
  /^(?:[\w-]{1,40}\s+)?ERR!\s/, // npm
  /^curl: \(\d+\)/, // curl
  /^(?:I|we)\s+(?:could not|couldn't|can't|cannot|was unable to|were unable to|am unable to|are unable to|failed to)\s+\w+/i,
  /^HTTPS?ConnectionPool\(/, // urllib3
  /^[^\n:：]{0,12}(?:失败|错误|异常)(?:[:：!！。,，\s]|$)/, // "同步失败: …", "错误：…"
  // Japanese: "パス検証エラー: …" ("path validation error"), "事業所一覧の取得に失敗: …" ("fetching the list failed").
  /^[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}ーA-Za-z ]{0,30}(?:エラー|失敗(?:しました)?)\s*[:：]\s*\S/u,
];

// Shorter reports whose first words say what failed. They count only as (or at the start of) a
// short text: a long document may open with "User not found" as a heading of its own.
/** "Not found" in French, German, Spanish, Portuguese, Italian and Russian, as an API in that language says it. */
export const NOT_FOUND_ELSEWHERE =
  /(?:non trouv[ée]e?s?|introuvables?|n['’]existe pas|nicht gefunden|existiert nicht|no encontrad[oa]s?|no existe|não encontrad[oa]s?|não existe|non trovat[oaie]|non esiste|не найден[оаы]?|не существует)(?=[\s.!,;:)]|$)/iu;

const NOT_FOUND_ELSEWHERE_OPENING = new RegExp(
  `^(?:[\\p{L}'’-]+\\s+){0,4}${NOT_FOUND_ELSEWHERE.source}`,
  "iu",
);

export const TERSE_OPENINGS: RegExp[] = [
  /^no such [\w-]+(?: [\w-]+){0,3}\s*(?:[:.!,;(]|$)/i, // "No such file or directory", "No such customer: …"
  // "<something> failed: …", "codex_apply_patch failed", "Datadog API authorization failed." — not "Failed: 0".
  /^(?:['"`]?[A-Za-z_][\w.\-/]*['"`]?\s+){0,5}failed(?:\s*[:!.]|\s*$)(?!\s*\d+\s*(?:[,;]|$))/i,
  // A name the tool does not know, quoted: "Unknown topic: \"pricing\". Available topics: …".
  /^unknown[ \t]+[a-z][\w-]{1,30}(?:[ \t]*:[ \t]*["'`]|\.[ \t]+(?:options|valid (?:options|values)|available|expected|use one of)\b)/i,
  // The same in the API's own language: "Entité non trouvée.", "Datensatz nicht gefunden", "Recurso no encontrado".
  NOT_FOUND_ELSEWHERE_OPENING,
  // "Path not found: …", "Table 'user' does not exist", "User with id 5 not found".
  /^['"`]?[A-Za-z_][\w.\-/\\]*['"`]?(?:\s+['"`]?[\w.\-/\\:#]+['"`]?){0,5}\s+(?:was\s+|is\s+|could\s+not\s+be\s+)?(?:not found|(?:does not|doesn't) exist)\b/i,
  /^(?:not found|bad request|forbidden|conflict|gone|not implemented|method not allowed|internal server error|server error|service unavailable|bad gateway|gateway timeout|unprocessable entity|payload too large|request entity too large|no healthy upstream|not allowed|not permitted|bad credentials|requires authentication)\s*(?:[:.!\-–—]|$)/i,
  /^(?:bad|invalid|incorrect|wrong|expired|revoked)\s+(?:[\w-]+\s+){0,2}(?:credentials?|token|api[ _-]?key|password|username or password|signature)\b/i,
  /^(?:this\s+(?:endpoint|request|operation|resource|action)\s+)?requires\s+(?:authentication|authori[sz]ation|login|a valid (?:token|api key))\b/i,
  /^(?:[\w:/@.'"-]+\s+){1,3}(?:is|are)\s+not\s+(?:authori[sz]ed|allowed|permitted)\b/i,
  /^(?:[\w-]+\s+){0,3}not accessible\b/i,
  /^access\s+(?:to\s+[^\n]{1,100}?\s+)?(?:is\s+)?(?:denied|forbidden|restricted)\b/i,
  /^status(?:\s*code)?\s*:?\s*[45]\d\d\b/i,
  /^[45]\d\d\s*[:\-–—]\s*[A-Za-z]/, // "404: Not Found", "500 - Internal Server Error"
  /^(?:got|received)\s+(?:an?\s+)?(?:http\s+)?[45]\d\d\b/i,
  /^(?:['"`]?[\w.\-/]+['"`]?\s+){0,5}(?:returned|responded with|answered with)\s+(?:an?\s+)?(?:http\s+)?(?:status\s+(?:code\s+)?)?[45]\d\d\b/i,
  /^(?:read|write|connect|socket|gateway|upstream|idle|request)\s+(?:timed?\s?out|timeout)\b/i,
  /^(?:the\s+)?(?:request|operation|task|call)\s+(?:was\s+)?(?:aborted|cancell?ed)\b/i,
  /^(?:the\s+)?(?:server|service|system|api|model|backend|upstream)\s+(?:is\s+)?(?:currently\s+)?(?:busy|overloaded|at capacity)\b/i,
  /^overloaded[.!]?$/i,
  // A limit of the account that stopped the call: "Monthly spending limit of $5.00 reached for this teamspace."
  /^(?:(?:your|the|this|monthly|daily|weekly|hourly)\s+){0,2}(?:spending|usage|credit|budget|request|api|quota)\s+(?:limit|cap|quota)\s+(?:of\s+\S{1,20}\s+)?(?:has\s+been\s+|was\s+)?(?:reached|exceeded|hit)\b/i,
  /^not connected\b/i, // MCP SDK
  /^(?:the\s+)?(?:user\s+)?aborted\s+a\s+request\b|^this operation was aborted\b/i, // fetch's AbortError
  /^(?:authentication|authori[sz]ation|login|sign[- ]?in)\s+(?:is\s+)?required\b/i,
  /^(?:please\s+)(?:re-?)?(?:authenticate|authori[sz]e|log ?in|sign ?in|reconnect|reauthori[sz]e)\b/i,
  /^you (?:need|have|must) (?:to )?(?:sign|log) ?in\b/i,
  /^no response from (?:the\s+)?(?:server|upstream|api|backend|service|host|remote)\b/i,
  /^(?:the\s+)?(?:process|command|script|subprocess)\s+(?:exited|failed|terminated)\s+with\s+(?:exit\s+)?(?:code|status)\s+-?[1-9]/i,
  /^exit status [1-9]\d*$/i,
  /^(?:[\w./-]+:\s+){0,2}[\w./-]+:?\s+command not found\b/i,
  /^segmentation fault(?: \(core dumped\))?[.!]?$/i,
  /^near "[^"\n]{0,80}": syntax error\b/i, // SQLite
  /^unknown\s+(?:tool|method|command|action|operation|function)\b/i,
  /^missing\s+(?:required\s+)?(?:parameter|argument|field|value|input|param|option|property)s?\b(?!\s*[:=]\s*\d+\s*$)/i,
  /^required\s+(?:parameter|argument|field|property|option|value)s?\b/i,
  /^(?:['"`]?[\w.\-]+['"`]?\s+){1,5}(?:is|are)\s+(?:required|missing|mandatory)\b/i,
  /^(?:['"`]?[\w.\-[\]]+['"`]?\s+){1,3}must (?:be|have|contain|not be|match|include|exist)\b/i,
  // None of that name: "No rule with name 'ApexSqlInjectionCheck' exists in engine 'pmd'."
  /^no\s+(?:[\w-]+\s+){1,3}?(?:with|named|called)\s+[^\n]{1,120}?\s+exists?\b/i,
  // More than a limit allows, not a notice over what was kept: "The number of targets, 11, exceeds the maximum
  // allowable length of 10." (not "… exceeds the maximum; showing the first 100").
  /^[^\n]{0,80}?\bexceeds?\s+(?:the\s+)?(?:maximum|max\.?|limit|allowed|allowable|permitted)\b(?![^\n]{0,120}\b(?:truncat|showing|displaying|returning|kept)\w*)/i,
  /^value cannot be null\b/i, // .NET ArgumentNullException
  /^expected\s+[^\n,]{1,40},?\s+(?:but\s+)?(?:received|got)\b/i, // zod, "Expected string, received number"
  /^\d+ validation errors? for\b/i, // pydantic
  /^invalid\s+(?:['"`]?[\w.\-]+['"`]?\s+){0,3}['"`]?[\w.\-]+['"`]?\s*(?:[:!.]|$)(?!\s*\d+\s*(?:[,;]|$))/i, // "Invalid regionUrl provided: …", "Invalid arguments: …"
  /^invalid\s+['"`]?[\w.\-]+['"`]?\s+(?:provided|specified|given|supplied|value|format|parameter|argument|input|request)\b/i,
  // A credential, licence or plan that is missing, expired or refused: "Access token expired", "API key not set".
  /^(?:[\w-]+\s+){0,3}(?:token|session|credentials?|api[ _-]?key|key|password|login|authori[sz]ation|authentication|certificate|licen[cs]e|subscription|trial)\s+(?:(?:you\s+)?(?:provided|supplied|given|used)\s+)?(?:has\s+|have\s+|is\s+|was\s+)?(?:been\s+)?(?:expired|revoked|invalid|rejected|missing|not (?:set|provided|configured|valid))\b/i,
  /^(?:missing|no)\s+(?:[\w-]+\s+)?(?:api[ _-]?key|token|credentials?|authori[sz]ation header)\b/i,
  // "No budget ID provided. Please provide a budget ID …": the call lacked an argument it needs.
  /^no\s+(?:[\w-]+\s+){1,3}?(?:was\s+|were\s+)?(?:provided|specified|given|supplied)\b[^\n]{0,200}?\bplease\s+(?:provide|specify|pass|set|supply)\b/i,
  /^(?:you|we|the [\w-]+(?: [\w-]+)?)\s+(?:do|does|did)(?:\s+not|n't)\s+have\s+(?:the\s+)?(?:required\s+|necessary\s+|sufficient\s+)?(?:permissions?|access|rights|privileges)\b/i,
  /^(?:you|we)\s+(?:are|were)(?:\s+not|n't)\s+(?:authori[sz]ed|allowed|permitted)\b/i,
  /^(?:operation|action|access) not permitted\b/i,
  /^insufficient\s+(?:permissions?|privileges|scopes?|access|funds|credits?|balance|quota)\b/i,
  /^(?:you(?:'ve| have)|we have|the (?:api|server) has)\s+(?:exceeded|reached|hit)\b/i,
  /^(?:please\s+)?slow down\b/i,
  /^(?:[\w.\-]+\s+){0,4}(?:rate|usage|request|api)\s+limits?\s+(?:has\s+been\s+|was\s+)?(?:exceeded|reached)\b/i,
  /^quota\s+exceeded\b/i,
  /^(?:[\w.\-]+\s+){1,4}(?:is\s+)?(?:currently\s+|temporarily\s+){1,2}(?:unavailable|down|offline)\b/i,
  /^(?:timed? ?out|timeout)\b(?!\s*[:=])/i,
  /^(?:context deadline exceeded|context canceled)\b/i, // Go
  /^(?:the\s+)?connection (?:was\s+)?(?:refused|reset|closed|failed|error|lost)\b/i,
  /^(?:fetch failed|socket hang up|network error|getaddrinfo)\b/i,
  /^upstream (?:connect |request )?(?:error|timeout|failure)\b/i,
  /^(?:the\s+)?server (?:encountered|returned|responded with) (?:an?\s+)?(?:internal\s+|unexpected\s+)?error\b/i,
  /^(?:oops|whoops)\b/i,
  /^(?:sorry|unfortunately|we(?:'re| are) sorry)\b[^\n]{0,80}?\b(?:could not|couldn't|can't|cannot|unable|failed|error|not (?:able|allowed|authori[sz]ed|available|found))\b/i,
  /^HTTP[ \t]?[45]\d\d\b[ \t]*[:\-–—]/i, // "HTTP 404: …"
  // Go's os and net errors: "open /x: no such file or directory", "dial tcp 10.0.0.5:5432: connect: connection refused".
  /^(?:open|stat|lstat|read|write|mkdir|remove|rename|chdir|exec|dial|lookup)\s[^\n]{0,200}?:\s(?:connect:\s)?(?:no such file or directory|permission denied|connection refused|i\/o timeout|not a directory|is a directory|file exists|no such host|executable file not found)/i,
  // Exception messages shown without their class.
  /^'[^'\n]{1,80}' object (?:has no attribute|is not (?:subscriptable|callable|iterable))\b/, // Python
  /^name '[^'\n]{1,80}' is not defined\b/, // Python
  /^(?:list|string|tuple) index out of range\b/i, // Python
  /^[\w.$]{1,80} is not (?:a function|defined)$/, // JavaScript
  /^(?:undefined|null) is not an? \w+/, // JavaScript
  /^unexpected (?:token|end of (?:json )?input|character|eof)\b/i, // JSON parsers
  /^undefined (?:method|local variable)\b/, // Ruby
  /^(?:runtime error: |invalid memory address or nil pointer dereference)/, // Go
  /^called `(?:Option|Result)::unwrap\(\)`/, // Rust
  /^object reference not set to an instance of an object\b/i, // .NET
  /^command '[^\n]{1,200}' returned non-zero exit status \d+/i, // Python subprocess
];

/** "HTTP 404: …" at the start: the status of this call. */
export const HTTP_STATUS_OPENING = /^HTTP[ \t]?[45]\d\d\b[ \t]*[:\-–—]/i;

/** A status first, then what it means in the server's words: "429 You exceeded your current quota …" (not "403 Forbidden means …"). */
export const STATUS_FIRST = new RegExp(`^[45]\\d\\d[ \\t]+(?!(?:${REASON_PHRASES_PATTERN})\\b)[A-Za-z]`, "i");

/**
 * An HTTP client's own error message, quoted whole or in part: axios, Python requests and httpx,
 * .NET HttpClient, googleapiclient, go-openapi and go-github shapes, "<name> API error: 401".
 */
const HTTP_CLIENT_ERRORS: RegExp[] = [
  /\bRequest failed with status code [45]\d\d\b/i,
  /\b[45]\d\d (?:Client|Server) Error: /,
  /\b(?:Client|Server) error '[45]\d\d\b/,
  /\bResponse status code does not indicate success:?[ \t]*[45]\d\d\b/i,
  /<HttpError [45]\d\d when requesting\b/,
  /\]\[[45]\d\d\] ?\w/,
  /\b(?:GET|POST|PUT|PATCH|DELETE|HEAD) https?:\/\/\S+: [45]\d\d\b/,
  /\bAPI (?:error|request failed)[ \t]*[:,(]?[ \t]*\(?[45]\d\d\b/i,
  /\bfailed with (?:http )?(?:status|status code|code)[ \t]*:?[ \t]*[45]\d\d\b/i,
];

/** Quoted by someone else ("Fixed \"Request failed with status code 404\" when …") is not this call's. */
export function httpClientError(text: string): boolean {
  const scan = scanWindow(text);
  return HTTP_CLIENT_ERRORS.some((pattern) => {
    const match = pattern.exec(scan);
    return match !== null && !insideQuotes(scan, match.index);
  });
}

/** An odd number of double quotes between the start of the line and `index`. */
function insideQuotes(text: string, index: number): boolean {
  let quotes = 0;
  for (let at = index - 1; at >= 0; at--) {
    const char = text.charAt(at);
    if (char === "\n") break;
    if (char === '"' || char === "“" || char === "”") quotes++;
  }
  return quotes % 2 === 1;
}

// Frames are indented with spaces or tabs on one line: [ \t] and [^\n], never \s or a
// second unbounded run, so a line of thousands of "(" cannot make a pattern backtrack.
const STACK_FRAME_PATTERNS: RegExp[] = [
  /^[ \t]+at [^\n]*:\d+:\d+\)?[ \t]*$/m, // JavaScript
  /Traceback \(most recent call last\)/, // Python
  /^[ \t]+File "[^"\n]+", line \d+/m, // Python frames
  /^[ \t]+at [\w.$<>]+\([\w$]+\.(java|kt|scala):\d+\)/m, // JVM
  /^goroutine \d+ \[\w+/m, // Go
  /^[ \t]+at [\w.<>`]+\([^\n]*\) in [^\n]+:line \d+/m, // .NET
];

export function hasStackTrace(text: string): boolean {
  const scan = scanWindow(text);
  return STACK_FRAME_PATTERNS.some((pattern) => pattern.test(scan));
}

/** "ValueError: …", "httpx.ConnectError: …": a message that opens with an exception class, trace or not. */
export function namesException(text: string): boolean {
  return /^(?:[a-z_]\w*\.)*[A-Z]\w*(?:Error|Exception)\s*:/.test(firstLine(scanWindow(text).trim()));
}

/** An exception *report*: a stack trace that opens with the exception, not one quoted inside data. */
export function isRawException(text: string): boolean {
  return hasStackTrace(text) && readsAsErrorOpening(text);
}

function readsAsErrorOpening(text: string): boolean {
  const opening = firstLine(scanWindow(text).trim())
    .replace(/^[\s>*_#`]+/, "")
    .trim();
  return ERROR_OPENINGS.some((pattern) => pattern.test(opening)) || /^(Uncaught|Unhandled)\b/.test(opening);
}

const OPAQUE_MESSAGES =
  /^(error|an? error( has)? occurr?ed|unknown error|internal( server)? error|operation failed|request failed|failed|failure|fail|something went wrong|unexpected error|an unexpected error occurr?ed|server error|error occurr?ed|exception|undefined|null|not ok|oops.{0,30}|bad request|tool (call |execution )?failed)[.!]*$/i;

/** Generic text that tells the agent nothing it could act on ("Operation failed", "Error", ""). */
export function isOpaque(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length > 200) return false; // opaque messages are short
  const stripped = trimmed
    .replace(/^MCP error -?\d+:\s*/i, "")
    .replace(/^(error|failed)\s*:\s*/i, "")
    .trim();
  return stripped === "" || OPAQUE_MESSAGES.test(stripped);
}

/** A JSON-RPC error code quoted in tool-error prose: "MCP error -32602: Tool x not found". */
export function jsonRpcCodeInProse(text: string): string | undefined {
  const scan = scanWindow(text);
  return (
    /\b(?:MCP|JSON-?RPC)\s+error\s+(-32\d{3})\b/i.exec(scan)?.[1] ?? /^\s*(-32\d{3})\s*:/.exec(scan)?.[1]
  );
}

function firstLine(text: string): string {
  const end = text.search(/\r?\n/);
  return end < 0 ? text : text.slice(0, end);
}

/**
 * Tools that run the caller's code (run_code, execute_python, eval, a REPL): what the code printed is
 * their output, and an exception the code raised is the caller's code failing, not the tool.
 */
export function runsCallerCode(tool: string | null | undefined): boolean {
  if (!tool) return false;
  const words = snakeCase(tool).split("_");
  const code = words.some((word) =>
    /^(?:code|python|py|javascript|js|node|typescript|ts|ruby|script|snippet)$/.test(word),
  );
  const runs = words.some((word) => /^(?:run|exec|execute|eval|evaluate|interpret)$/.test(word));
  // A shell command is the caller's code too: run_command, execute_shell, bash, ssh_run.
  const shell = words.some((word) => /^(?:command|commands|shell|bash|sh|cmd|terminal|ssh)$/.test(word));
  return (
    ((code || shell) && runs) ||
    words.some((word) => /^(?:eval|evaluate|repl|interpreter|sandbox|bash|terminal)$/.test(word))
  );
}

/** Tools that decode or parse what the caller hands them (decode_jwt, parse_json, format_yaml, prettify). */
function parsesCallersInput(tool: string | null | undefined): boolean {
  if (!tool) return false;
  return snakeCase(tool)
    .split("_")
    .some((word) =>
      /^(?:decode|decoder|parse|parser|deserialize|format|formatter|prettify|beautify|minify)$/.test(word),
    );
}

const JSON_PARSE_FAILURE =
  /\bunexpected (?:token .{0,40}?(?:in json\b|is not valid json\b)|end of json input\b)|\bis not valid json\b|\bin json at position \d/i;

/**
 * Whether a tool's failure is the caller's input failing: an exception from a run of the caller's code, or a JSON
 * parse error from a tool that decodes what the caller handed it ("Unexpected token 'u', "user_8421 "... is not valid
 * JSON" from decode_jwt: the token's payload is not JSON).
 */
export function failsOnCallersInput(tool: string | null | undefined, text: string): boolean {
  return runsCallerCode(tool) || (parsesCallersInput(tool) && JSON_PARSE_FAILURE.test(scanWindow(text)));
}

/** Tools whose successful output is made of other systems' errors (logs, search hits, traces, a run of the caller's code). */
export function returnsForeignErrors(tool: string | null | undefined): boolean {
  if (runsCallerCode(tool)) return true;
  // By whole words of the name: "get_service_details" is not a tail, nor "catalog" a log.
  return (
    !!tool &&
    snakeCase(tool)
      .split("_")
      .some((word) => FOREIGN_WORDS.test(word))
  );
}

const FOREIGN_WORDS =
  /^(?:logs?|grep|search|tail|journal|traces?|events?|errors?|incidents?|issues?|alerts?|sentry)$/;
