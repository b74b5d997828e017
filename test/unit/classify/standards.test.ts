import { describe, expect, it } from "vitest";
import { classify, type CallReport, type Classification } from "@/lib/classify";
import { categoryFromCode, categoryFromSqlState } from "@/lib/classify/categories";
import { rpcError, textResult } from "./helpers";

// Codes read from their standards' own tables (lib/classify/codes, sources in docs/OUTCOMES.md),
// and the plain-language vocabulary of "your input is wrong" and "not allowed here" — each with
// what it must catch and what it must leave alone.

const base: CallReport = { method: "tools/call", server: "s", tool: "t", httpStatus: 200 };
const run = (report: Partial<CallReport>): Classification => classify({ ...base, ...report });
const toolError = (text: string) => run({ response: textResult(text, { isError: true }) });
const success = (text: string, tool = "t") => run({ tool, response: textResult(text) });

describe("gRPC status codes, by name and by number", () => {
  it.each([
    ['{"code": 9, "message": "another operation is already in progress", "details": []}', "9", "validation"],
    ['{"code": 14, "message": "connection refused by backend", "details": []}', "14", "transient"],
    ['{"code": 7, "message": "caller lacks access", "details": []}', "7", "permission"],
    ['{"code": 16, "message": "token is not valid", "details": []}', "16", "auth"],
  ])("an isError body %s → code %s, %s", (text, errorCode, category) => {
    expect(toolError(text)).toMatchObject({ errorCode, category });
  });

  it("reads a small number as gRPC's only when the error is recognisably gRPC's", () => {
    // An API's own numbering: code 3 with no details and no gRPC words says nothing of INVALID_ARGUMENT.
    expect(toolError('{"code": 3, "message": "operation failed"}').category).not.toBe("validation");
  });

  it("reads Go's 'rpc error: code = …' and Google's named statuses", () => {
    expect(toolError("rpc error: code = Unavailable desc = connection refused")).toMatchObject({
      errorCode: "Unavailable",
      category: "transient",
    });
    expect(toolError("rpc error: code = Unknown desc = something odd").errorCode).toBe("Unknown");
    expect(categoryFromCode("PERMISSION_DENIED")).toBe("permission");
    expect(categoryFromCode("RESOURCE_EXHAUSTED")).toBe("rate_limited");
  });
});

describe("SQLSTATE by exact code before its class", () => {
  it.each([
    ["08P01", "validation"], // protocol_violation: the caller's malformed request, in the connection class
    ["08006", "transient"], // connection_failure
    ["25006", "permission"],
    ["42501", "permission"],
    ["42P01", "validation"],
    ["40001", "transient"],
    ["57014", "transient"],
    ["53300", "transient"],
    ["28P01", "auth"],
    ["0A000", "validation"],
    ["XX000", "internal"],
  ])("%s → %s", (code, category) => {
    expect(categoryFromSqlState(code)).toBe(category);
  });

  it("reads an exact SQLSTATE quoted in a failure", () => {
    expect(toolError("ERROR: bind message supplies 1 parameters (SQLSTATE 08P01)")).toMatchObject({
      errorCode: "08P01",
      category: "validation",
      retryable: false,
    });
  });
});

describe("MySQL and MariaDB error numbers and names", () => {
  it.each([
    ["ERROR 1146 (42S02): Table 'shop.ordrs' doesn't exist", "1146", "validation"],
    ["Error 1045: Access denied for user 'reader'@'localhost' (using password: YES)", "1045", "auth"],
    [
      "ERROR 1142 (42000): DELETE command denied to user 'reader'@'localhost' for table 'orders'",
      "1142",
      "permission",
    ],
    [
      "ERROR 1213 (40001): Deadlock found when trying to get lock; try restarting transaction",
      "1213",
      "transient",
    ],
    [
      "(conn=41, no: 1290, SQLState: HY000) The MariaDB server is running with the --read-only option",
      "1290",
      "permission",
    ],
  ])("%s → %s, %s", (text, errorCode, category) => {
    expect(toolError(text)).toMatchObject({ errorCode, category });
  });

  it("reads a driver's symbol and leaves a year or a count alone", () => {
    expect(toolError('{"code":"ER_DUP_ENTRY","errno":1062,"sqlMessage":"Duplicate entry"}')).toMatchObject({
      errorCode: "ER_DUP_ENTRY",
      category: "validation",
    });
    expect(toolError("Error 2024: the report for 2024 failed").errorCode).not.toBe("2024");
  });
});

describe("system error names, also inside a spawn error", () => {
  it("keeps the code of a command that could not be spawned, and its category stays the server's", () => {
    expect(toolError("spawn git ENOENT")).toMatchObject({ errorCode: "enoent", category: "internal" });
  });

  it("stores an errno name a payload gives in upper case as one read from the words", () => {
    const text = '{"error": {"message": "connect ECONNREFUSED 127.0.0.1:80", "code": "ECONNREFUSED"}}';
    expect(toolError(text)).toMatchObject({ errorCode: "econnrefused", category: "transient" });
  });
});

describe("status and name members that name a failure", () => {
  it("reads a status that is a failure's code, and leaves a state alone", () => {
    expect(toolError('{"status": "task_not_found", "message": "no task 41"}')).toMatchObject({
      errorCode: "task_not_found",
      category: "validation",
    });
    expect(success('{"status": "in_progress", "message": "the task runs"}').silentFailure).toBe(false);
  });

  it("reads an error's name (Resend's) and not a thing's name", () => {
    const text =
      'Email failed: {"statusCode":429,"message":"daily quota reached","name":"daily_quota_exceeded"}';
    expect(toolError(text)).toMatchObject({ errorCode: "daily_quota_exceeded", category: "business" });
    expect(toolError('Upload failed: {"name": "quarterly_report", "statusCode": 500}').errorCode).toBe(
      "http_500",
    );
  });
});

describe("Elasticsearch exception types", () => {
  it("reads an error report that opens with its type, however long, and its category from the table", () => {
    const long = `Error: es_rejected_execution_exception\n\tRoot causes:\n\t\trejected execution of SearchTask ${"x".repeat(3000)}`;
    expect(success(long, "search")).toMatchObject({
      silentFailure: true,
      errorCode: "es_rejected_execution_exception",
      category: "rate_limited",
    });
    expect(
      success("Error: index_not_found_exception\n\tRoot causes:\n\t\tno such index [logs]"),
    ).toMatchObject({
      errorCode: "index_not_found_exception",
      category: "validation",
    });
  });

  it("tells a missing privilege from a bad credential", () => {
    expect(
      toolError(
        "security_exception: action [indices:admin/get] is unauthorized for user [agent] on indices [x]",
      ).category,
    ).toBe("permission");
    expect(toolError("security_exception: unable to authenticate with provided credentials").category).toBe(
      "auth",
    );
  });
});

describe("the plain-language vocabulary of wrong input", () => {
  it.each([
    "Unsupported format: tiff",
    "Unknown unit 'parsec-hours'",
    "Duplicate key 'region' in the request",
    "Column 'total' has no default value",
    "Could not parse the expression '2 +* 3'",
    "Branch not provided. When using projectSlug, a branch must also be specified.",
    "The value is not a valid ISO 8601 date",
    "Name is too long (max 64)",
  ])("%s → validation, not retried", (text) => {
    expect(toolError(text)).toMatchObject({ category: "validation", retryable: false });
  });

  it.each([
    "Only SELECT queries are allowed",
    "The server is read-only",
    "Writes are not allowed in read-only mode",
  ])("%s → permission", (text) => {
    expect(toolError(text)).toMatchObject({ category: "permission", retryable: false });
  });

  it("does not take 'unknown error' for wrong input, nor a word in a URL for a policy", () => {
    expect(toolError("An unknown error occurred").category).not.toBe("validation");
    expect(
      toolError(
        "API Error: 502 URL: http://ci.test/api/v2/project/gh/acme/legacy-billing Message: Bad Gateway",
      ),
    ).toMatchObject({
      category: "transient",
      errorCode: "http_502",
    });
  });
});

describe("an HTTP status on the wire, refined by the words within its family", () => {
  it("a 403 that says the token is invalid is auth; a bare 403 stays permission", () => {
    const body = (message: string) =>
      JSON.stringify({ jsonrpc: "2.0", error: { code: -32002, message }, id: null });
    expect(run({ httpStatus: 403, response: body("Forbidden: Invalid bearer token") })).toMatchObject({
      outcome: "transport_error",
      category: "auth",
    });
    expect(run({ httpStatus: 403, response: body("Forbidden") }).category).toBe("permission");
    // Words outside the family do not contradict the status.
    expect(run({ httpStatus: 429, response: body("Invalid bearer token") }).category).toBe("rate_limited");
  });
});

describe("a tool that runs the caller's code", () => {
  it("reads an exception of the caller's code as the caller's, and a printed error as output", () => {
    const trace =
      "Error: Command failed: node /tmp/x.js\n/tmp/x.js:1\n\nTypeError: Cannot read properties of null (reading 'a')\n    at Object.<anonymous> (/tmp/x.js:1:1)\n    at Module._compile (node:internal/modules/cjs/loader:1521:14)";
    expect(run({ tool: "run_code", response: textResult(trace, { isError: true }) })).toMatchObject({
      category: "validation",
      retryable: false,
    });
    // The same trace from a tool that does not run the caller's code is the server's own failure.
    expect(run({ tool: "get_invoice", response: textResult(trace, { isError: true }) }).category).toBe(
      "internal",
    );
    expect(success("Error: order 1144 payment declined (card_expired)\n", "run_code").silentFailure).toBe(
      false,
    );
    expect(success("Error: order 1144 payment declined (card_expired)\n", "get_order").silentFailure).toBe(
      true,
    );
  });

  it("a JSON-RPC error the same server sends is read as before", () => {
    expect(run({ tool: "run_code", response: rpcError(-32602, "Invalid arguments") }).category).toBe(
      "validation",
    );
  });
});

describe("Chromium's network errors, MySQL's words, sandboxes and policies", () => {
  it("reads net::ERR_* as written, by Chromium's table", () => {
    expect(toolError("Error: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:9/")).toMatchObject({
      errorCode: "ERR_CONNECTION_REFUSED",
      category: "transient",
      retryable: true,
    });
    expect(
      run({ response: rpcError(-32603, "net::ERR_CONNECTION_REFUSED at http://x.test/") }),
    ).toMatchObject({
      errorCode: "ERR_CONNECTION_REFUSED",
      category: "transient",
    });
    expect(toolError("net::ERR_UNKNOWN_URL_SCHEME at ftp//x").category).toBe("validation");
  });

  it("reads a driver's words when it drops the number", () => {
    expect(toolError("Error: SELECT command denied to user 'r'@'h' for table `hr`.`payroll`").category).toBe(
      "permission",
    );
    expect(toolError("Error: Query execution was interrupted (max_statement_time exceeded)")).toMatchObject({
      category: "transient",
      retryable: true,
    });
    expect(toolError('Error: Parsing failed: Expected "#", "--" or "=" but "i" found.').category).toBe(
      "validation",
    );
  });

  it("a path outside the sandbox and a data policy are permission; a missing credential is auth", () => {
    expect(success("Error: Path must be within working directory: /srv/ws").category).toBe("permission");
    expect(
      toolError("Error: query references column email, protected by PII redaction policy").category,
    ).toBe("permission");
    expect(toolError('Missing required ArgoCD API token for base URL "http://x.test"').category).toBe("auth");
    // A plan's policy is still business.
    expect(toolError("This exceeds the fair use policy of your plan").category).toBe("business");
  });

  it("a 409 that asks to try again is a collision; a bare 409 is a duplicate", () => {
    expect(
      toolError(
        '{"status":409,"code":"conflict_error","message":"Conflict while saving. Please try again."}',
      ),
    ).toMatchObject({ category: "transient", retryable: true });
    expect(toolError("Request failed with status code 409")).toMatchObject({
      category: "validation",
      errorCode: "http_409",
    });
  });

  it("an exception's message from a run of the caller's code is the caller's", () => {
    expect(
      run({
        tool: "puppeteer_evaluate",
        response: textResult(
          "Script execution failed: Cannot read properties of undefined (reading 'items')",
          {
            isError: true,
          },
        ),
      }).category,
    ).toBe("validation");
    expect(
      run({
        tool: "run_command",
        response: textResult(
          'Traceback (most recent call last):\n  File "<stdin>", line 3\nZeroDivisionError: division by zero',
          { isError: true },
        ),
      }).category,
    ).toBe("validation");
  });
});

describe("round V's shapes", () => {
  it("reads OpenAI's 'Error: <status> <message>', even from a search tool", () => {
    const openai = (text: string) => run({ tool: "o3-search", response: textResult(text) });
    expect(openai("Error: 429 You exceeded your current quota, please check your plan.")).toMatchObject({
      silentFailure: true,
      errorCode: "http_429",
      category: "business",
    });
    expect(openai("Error: 500 The server had an error while processing your request.")).toMatchObject({
      silentFailure: true,
      errorCode: "http_500",
      category: "internal",
    });
    expect(openai("Error: 404 The model `o3` does not exist or you do not have access to it.")).toMatchObject(
      {
        errorCode: "http_404",
        category: "validation",
      },
    );
    // A log line found by a search is still data.
    expect(openai("2026-12-01 10:00:00 ERROR upstream returned 500").silentFailure).toBe(false);
  });

  it("Redis's error prefixes and a vendor's 'code: N, msg:' are codes", () => {
    expect(
      run({
        response: rpcError(-32603, "WRONGTYPE Operation against a key holding the wrong kind of value"),
      }),
    ).toMatchObject({ errorCode: "WRONGTYPE", category: "validation", retryable: false });
    expect(
      toolError('"failed to get tenant_access_token, code: 10014, msg: app secret invalid"'),
    ).toMatchObject({
      errorCode: "10014",
      category: "auth",
    });
  });

  it("a one-word code is named when a table knows it, vague (beaten by a quoted status) when not", () => {
    expect(
      toolError('InfluxDB API Error (503): {"code":"unavailable","message":"loading shards"}').errorCode,
    ).toBe("unavailable");
    expect(
      toolError('Failed to write data: 400 {"code":"invalid","message":"missing field value"}').errorCode,
    ).toBe("http_400");
  });

  it("words: concurrency limits, syntax errors that mention 'not allowed', missing keys, Kubernetes", () => {
    expect(
      toolError("Too many simultaneous queries for user default. Current: 8, maximum: 8.").category,
    ).toBe("rate_limited");
    expect(toolError("Syntax error (Multi-statements are not allowed): failed at position 27").category).toBe(
      "validation",
    );
    expect(toolError("Error: OLLAMA_API_KEY environment variable is required for web search").category).toBe(
      "auth",
    );
    expect(
      toolError("Error: Only SELECT, SHOW, and DESCRIBE queries are allowed for security reasons.").category,
    ).toBe("permission");
    expect(toolError('failed to get resource: no matches for kind "Widget" in version "v1"').category).toBe(
      "validation",
    );
    expect(toolError('container "app" is waiting to start: CrashLoopBackOff').category).toBe("transient");
  });
});

describe("SMTP replies (RFC 3463 enhanced status codes)", () => {
  it.each([
    [
      "Failed to send email: 550 5.1.1 <nobody@x.test>: Recipient address rejected: User unknown",
      "5.1.1",
      "validation",
      false,
    ],
    [
      "Mail command failed: 421 4.7.0 mx.x.test Error: too many messages from a@x.test, try again later",
      "4.7.0",
      "rate_limited",
      true,
    ],
    [
      "Can't send mail - all recipients were rejected: 452 4.2.2 <full@x.test>: Mailbox full",
      "4.2.2",
      "transient",
      true,
    ],
    ["Message failed: 550 5.2.2 <full@x.test>: Mailbox full", "5.2.2", "business", false],
    ["Invalid login: 535 5.7.8 Error: authentication failed", "5.7.8", "auth", false],
    ["Can't send mail: 554 5.7.1 <p@example.org>: Relay access denied", "5.7.1", "permission", false],
    ["Message failed: 550 5.7.1 Message rejected: spam content detected", "5.7.1", "business", false],
  ])("%s → %s, %s", (text, errorCode, category, retryable) => {
    expect(toolError(text)).toMatchObject({ errorCode, category, retryable });
  });

  it("never reads the reply code as an HTTP status, and leaves a reply code without its class alone", () => {
    expect(toolError("Mail command failed: 421 4.7.0 try again later").errorCode).not.toBe("http_421");
    // A bare "Error 550" with no enhanced code is read as before (a status the text quotes).
    expect(toolError("Error 550 5.4").errorCode).not.toBe("5.4");
  });
});

describe("what other systems print the way their standards word it", () => {
  it("psql's verbose SQLSTATE ('ERROR:  42P01: …'), only for a real SQLSTATE class", () => {
    expect(
      toolError('Failed to run sql query: ERROR:  42P01: relation "orders" does not exist'),
    ).toMatchObject({
      errorCode: "42P01",
      category: "validation",
    });
    expect(
      toolError("Failed to run sql query: ERROR:  57014: canceling statement due to statement timeout"),
    ).toMatchObject({
      errorCode: "57014",
      retryable: true,
    });
    expect(toolError("ERROR:  99999: something").errorCode).not.toBe("99999");
  });

  it("the C library's words for a network error ('connect: connection refused') as its name", () => {
    expect(
      toolError(
        'Post "https://api.test/x": proxyconnect tcp: dial tcp 127.0.0.1:9: connect: connection refused',
      ),
    ).toMatchObject({ errorCode: "econnrefused", category: "transient", retryable: true });
    expect(toolError("read tcp 10.0.0.2:443: connection reset by peer").errorCode).toBe("econnreset");
  });

  it("a status member inside JSON quoted in a message", () => {
    expect(
      toolError(
        'Error thrown: "{\\"response\\":{\\"statusCode\\":500,\\"body\\":{\\"Title\\":\\"An error occurred\\"}}}"',
      ),
    ).toMatchObject({ errorCode: "http_500", category: "internal", retryable: true });
  });

  it("a CSV answer with its header and no rows is empty, one with a row is not", () => {
    expect(success("MsgID,UserID,UserName,Channel,Text,Time\n")).toMatchObject({
      empty: true,
      silentFailure: false,
    });
    expect(success("MsgID,UserID,UserName\n1712,U1,ann\n").empty).toBe(false);
    expect(success("Hello, world, again").empty).toBe(false);
  });
});

describe("what round X taught (servers since read): shapes many APIs share", () => {
  it("an API's error object on its own, returned as an ordinary result, is a silent failure with its code", () => {
    expect(
      success(
        '{"type":"request_error","code":"not_found","detail":"Entity pro_01 not found","documentationUrl":"https://developer.example.com/errors/not_found","errors":null}',
      ),
    ).toMatchObject({ silentFailure: true, errorCode: "not_found", category: "validation" });
    // A record that has a type and a code among its data is not one.
    expect(success('{"type":"invoice","code":"INV-1","detail":"2 lines","amount":42}').silentFailure).toBe(
      false,
    );
  });

  it("an HTML sign-in or maintenance page as the answer, also as the one member of a small answer", () => {
    const signIn =
      "<!DOCTYPE html><html><head><title>Sign In | Example Platform</title></head><body><h1>Sign in to continue</h1><p>Your session has expired.</p></body></html>";
    expect(success(signIn)).toMatchObject({ silentFailure: true, category: "auth" });
    const maintenance =
      '{"story": "<!DOCTYPE html><html><head><title>Example is down for maintenance</title></head><body><h1>We will be right back</h1></body></html>", "related": {}}';
    expect(success(maintenance).silentFailure).toBe(true);
    // A page about signing in is not a failure when it is not a sign-in page's title.
    expect(
      success("<!DOCTYPE html><html><head><title>How sign-in works</title></head></html>").silentFailure,
    ).toBe(false);
  });

  it("an API's camel-cased error name is its code; a library's exception class is not", () => {
    expect(
      toolError(
        'MCP error -32602: API request failed: 403 {"error":{"name":"forbiddenError","message":"You do not have access."}}',
      ).errorCode,
    ).toBe("forbiddenError");
    expect(
      toolError('{"name":"ZodError","issues":[{"code":"invalid_type","path":["q"],"message":"Required"}]}')
        .errorCode,
    ).toBe("invalid_type");
  });

  it("a client that gave up retrying, and a caller asked to slow down", () => {
    expect(toolError("You have exceeded the max configured retries (3).")).toMatchObject({
      category: "transient",
      retryable: true,
    });
    expect(
      toolError(
        'API error: {"error":"Your request has been blocked due to excessive requests. Please reduce rate of requests."}',
      ).category,
    ).toBe("rate_limited");
  });

  it("empty in the shapes servers answer it: a Markdown table with no rows, a quoted [], a list beside usage", () => {
    expect(
      success("# Collections\n\n## Meta\n\n- **total**: 0\n\n| id | name | owner |\n|---|---|---|\n\n").empty,
    ).toBe(true);
    expect(success("# Collections\n\n| id | name |\n|---|---|\n| 1 | a |\n").empty).toBe(false);
    expect(success('"[]"').empty).toBe(true);
    expect(success('{"result": {"hits": []}, "usage": {"readUnits": 1}}').empty).toBe(true);
  });
});
