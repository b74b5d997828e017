import { categoryFromTables, GRPC_NAMES, redisErrorPrefix } from "./codes";

// Where servers and their clients write a machine code inside a failure's words — in parentheses,
// brackets, after a label, opening or closing a line — each shape one pattern, bounded. evidence.ts
// weighs what is found here against statuses and the other codes a text carries.

/** "SQL Error (MCP_CLIENT_ERROR): …", gRPC's "rpc error: code = Unavailable desc = …". */
export function parenthesisedCode(scan: string): string | undefined {
  const parenthesised =
    /\b(?:error|exception)(?:[ \t]+(?:from|occurred)(?:[ \t]+server)?)?[ \t]*\(([A-Za-z][\w.]{1,60})\)(:[ \t]*[1-5]\d\d\b)?/i.exec(
      scan,
    );
  const inParentheses = parenthesised?.[1];
  return (
    // "Protocol error (Page.navigate)" names the method that failed, not a code; so does a name before the status
    // the method answered ("Bing API error (GetFeeds): 400 {…}").
    (inParentheses && !/^[A-Z][a-z]+\.[a-z]/.test(inParentheses) && parenthesised[2] === undefined
      ? inParentheses
      : undefined) ??
    /\brpc error: code = ([A-Z][A-Za-z]{2,40})\b/.exec(scan)?.[1] ??
    /\bnet::(ERR_[A-Z0-9_]{2,60})\b/.exec(scan)?.[1] ??
    redisErrorPrefix(scan) ??
    // "code: 10014, msg: app secret invalid" (Lark/Feishu, WeChat): a vendor's numeric code; "(code: 6,
    // status: 404)" (Backlog): the service's own number beside the status it came with says more.
    /\bcode:[ \t]*(-?\d{1,9}),[ \t]*(?:msg:|status:[ \t]*\d{3}\b)/.exec(scan)?.[1] ??
    /\[(ERR_[A-Z0-9_]{2,60})\]/.exec(scan)?.[1] ??
    // A vendor's number in brackets opening its message after a label (QuickBooks' "fault (ValidationFault):
    // [610] Object Not Found"), or in parentheses after what failed ("Query failed (code 4001)").
    /:[ \t]+\[(\d{3,6})\][ \t]+(?:[A-Z]|[a-z]+=)/.exec(scan)?.[1] ??
    /\bfailed[ \t]*\(code[ \t]*:?[ \t]*(\d{3,6})\)/i.exec(scan)?.[1] ??
    // A code labelled in the words: "errorCode: SYSTEM_UNKNOWN_ERROR", "error code: RATE_LIMITED", "Error ID: not_found".
    labelledCode(scan) ??
    // A failure's fields a line each, its code on one of them: "Error: The TLD … is not supported.\nCode:
    // UNSUPPORTED_TLD\nRetryable: no" — the whole line, so a sentence about a code names none.
    /^[ \t]*(?:[-*][ \t]+)?code[ \t]*:[ \t]*`?([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`?[ \t]*$/im.exec(scan)?.[1] ??
    // A code in brackets opening a line of the message: "[HF_FS_NOT_FOUND] File does not exist: x". Joined words
    // only: a log level ("[ERROR] …") is no code.
    /^[ \t]*\[([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\][ \t]+\S/m.exec(scan)?.[1] ??
    // A code labelled after the message, past a separator: "old_string was not found | code: edit_target_not_found".
    pipedCode(scan) ??
    // A class in brackets after a wrapper's colon, before the message: "…FAILED: [PARSE_SYNTAX_ERROR] Syntax error at
    // or near …" (Spark's and Databricks' error classes, which say more than the SQLSTATE after them).
    /:[ \t]+\[([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\][ \t]+\S/.exec(scan)?.[1] ??
    // A code in parentheses after the words: "Candidate not found (code: candidate_not_found)" (Ashby).
    /\(code:[ \t]*([a-z][a-z0-9]*(?:_[a-z0-9]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\)/.exec(scan)?.[1] ??
    // The upstream's own code, as a key=value in parentheses after the words: "… (upstream_code=501)" (a Go
    // server's wrapping of Clockify's errors), "(api_error_code=1000)".
    // Not a process's or a status's number ("(exit_code=1)", "(status_code=404)").
    /\((?!(?:exit|return|status|http)_)(?:[a-z]+_){0,2}code=([A-Za-z0-9][\w.-]{0,40})\)/.exec(scan)?.[1] ??
    // An API's code in brackets after its name, before the message: "Hetzner API [not_found]: server … not found".
    /\b(?:API|api|[Ee]rror)[ \t]*\[([a-z][a-z0-9]*(?:_[a-z0-9]+)*|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)\]:[ \t]/.exec(
      scan,
    )?.[1] ??
    // A code in parentheses closing the message: "The requested resource does not exist (object_not_found)".
    closingCode(scan) ??
    // A standard's code opening a line of the message: "Error: Invalid request\n\ninvalid_grant: Invalid JWT Signature."
    lineOpeningCode(scan) ??
    // A field's code in brackets before its message: Discord's "content[BASE_TYPE_MAX_LENGTH]: Must be 2000 or fewer".
    /\b[\w.]{1,60}\[([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\]:[ \t]/.exec(scan)?.[1] ??
    // A field's issue code in parentheses before its message, as servers print a zod error: "Invalid
    // arguments for tool 'x': chain (invalid_enum_value): Invalid enum value …".
    /\b[\w.]{1,60} \(([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\):[ \t]/.exec(scan)?.[1] ??
    // A code after an error label, before its message: "SSH connection error: HOST_KEY_PIN_MISMATCH: the key …".
    /\berror:[ \t]+([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+):[ \t]/.exec(scan)?.[1] ??
    // What failed, then its status name after a colon: "Error fetching URL(s): https://…: CRAWL_NOT_FOUND".
    /^(?:[Ee]rror|ERROR|[Ff]ailed|FAILED|[Ff]ailure)\b[^\n]{0,300}?:[ \t]+([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)[ \t]*(?:$|[;\n])/m.exec(
      scan,
    )?.[1] ??
    // A status name closing what failed: "Geocoding failed: INVALID_USER_KEY", "returned status: ZERO_RESULTS".
    /\b(?:failed|status|error)[ \t]*[:=][ \t]*["']?([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)["']?[ \t]*(?:$|[\n.,;)])/m.exec(
      scan,
    )?.[1] ??
    grpcNamedInMessage(scan) ??
    // A vendor's code that opens a message: "TF51005: The query references …" (Azure DevOps), "ORA-00942: …".
    // Not a standard's name ("ISO-8601: invalid date", "RFC-3339: …").
    /(?:^|[:：][ \t]+)(?!(?:ISO|RFC|UTF|IEEE)-?\d)([A-Z]{2,6}-?\d{3,6}):[ \t]/.exec(scan)?.[1] ??
    // An API's error tag beside its status and number: "(HTTP 404, code 478, tag NOT_FOUND)", "error_tag":
    // "…" — not a git tag a message names ("tag RELEASE_1_0 already exists").
    /(?:[,(][ \t]*tag|\berror[_ ]tag["']?)[ \t:=]+["']?([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/.exec(scan)?.[1] ??
    /\b(E11000) duplicate key\b/.exec(scan)?.[1] ?? // MongoDB's duplicate key
    // "Required fields are missing: [LastName] [REQUIRED_FIELD_MISSING]" (Salesforce): a code in brackets after the words.
    /[^\s[][ \t]+\[([A-Z][A-Z0-9]*(?:_[A-Z0-9]+){1,8})\][ \t]*(?:$|\n)/m.exec(scan)?.[1] ??
    /<Code>([\w.]{1,60})<\/Code>/.exec(scan)?.[1] ??
    // An API's error summary, its tags joined by "/" and closed by "/.." (Dropbox's "path/not_found/.."): the tags.
    /\berror:[ \t]+([a-z][a-z0-9_]{1,40}(?:\/[a-z][a-z0-9_]{1,40}){0,4})\/\.{2,3}(?=[\s"',;]|$)/.exec(
      scan,
    )?.[1]
  );
}

/**
 * What reads as a code where the words only label one: several words joined, or one a standard's table names
 * ("forbidden", "unauthorized"), not an opaque id ("7f3a9c") or any word.
 */
function readsAsCode(code: string | undefined): string | undefined {
  return code && (code.includes("_") || categoryFromTables(code) !== undefined) ? code : undefined;
}

/** A code after an error label: "error code: RATE_LIMITED", "Error ID: not_found", "Error ID: forbidden". */
function labelledCode(scan: string): string | undefined {
  return readsAsCode(
    /\berror[ _]?(?:code|id):[ \t]*([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*)\b/i.exec(scan)?.[1],
  );
}

/** A code after the message, past a separator: "… | code: edit_target_not_found", "… | code: forbidden". */
function pipedCode(scan: string): string | undefined {
  return readsAsCode(
    /[|;][ \t]*code[ \t]*[:=][ \t]*([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*)\b/.exec(scan)?.[1],
  );
}

/** A code in parentheses at the end of a line: "… does not exist (object_not_found)", "(unauthorized)". */
function closingCode(scan: string): string | undefined {
  return readsAsCode(/\(([a-z][a-z0-9]*(?:_[a-z0-9]+)*)\)[ \t]*\.?[ \t]*$/m.exec(scan)?.[1]);
}

/**
 * A code a standard's table names, opening a line or a wrapper's message before a colon ("invalid_grant: …",
 * "Failed to list log entries: invalid_grant: Invalid JWT Signature.").
 */
function lineOpeningCode(scan: string): string | undefined {
  // …also alone after the wrapper's words, or before a comma as a client repeats it ("Failed to read project:
  // invalid_token, invalid_token").
  const code = /(?:^[ \t]*|:[ \t]+)([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?::[ \t]+\S|,|[ \t]*$)/m.exec(scan)?.[1];
  return code && categoryFromTables(code) !== undefined ? code : undefined;
}

/** Node gRPC's message shape, the status number then its name: "9 FAILED_PRECONDITION: The query requires an index". */
function grpcNamedInMessage(scan: string): string | undefined {
  const match = /\b(\d{1,2}) ([A-Z]+(?:_[A-Z]+)*): /.exec(scan);
  // "14 UNAVAILABLE: Received HTTP status code 502": what answered was a gateway, not the gRPC service;
  // the status it answered says more.
  if (match && /^Received HTTP status code [1-5]\d\d\b/.test(scan.slice(match.index + match[0].length)))
    return undefined;
  return match?.[2] && GRPC_NAMES[Number(match[1])] === match[2].toLowerCase() ? match[2] : undefined;
}
