import { describe, expect, it } from "vitest";
import { answered, classifyCall, failedWith, rpcError, textResult } from "./helpers";

// Round XXVII's lessons (tuned on once round XXVIII was being captured blind by helpers who write no rules): a
// generic JSON-RPC code around words that were lost, an HTTP status carried as a member of a structured error,
// a GraphQL answer relayed beside the names it echoes, a lookup whose answer holds nothing under the name asked
// for, a session status that signs no one in, and a named thing that has none of what was asked. Each rule
// with its other side.

describe("a generic code around words that were lost", () => {
  it("-32603 'failed: [object Object]' is the server's own failure: internal, retryable", () => {
    const verdict = classifyCall(
      rpcError(-32603, 'MCP error -32603: Tool "get_program_details" failed: [object Object]'),
    );
    expect(verdict).toMatchObject({ category: "internal", errorCode: "-32603", retryable: true });
  });

  it("the other side: with no code, '[object Object]' still says nothing usable", () => {
    expect(failedWith("tavily error: Unexpected error: [object Object]")).toMatchObject({
      category: "unknown",
      retryable: false,
    });
  });
});

describe("an HTTP status as a member of a structured error", () => {
  const hevy = (text: string, error: Record<string, unknown>) =>
    classifyCall(textResult(text, { isError: true, structuredContent: { error } }));

  it("is the code when nothing more specific is carried", () => {
    expect(
      hevy(
        "[create-workout] Error: The request failed validation. Detail: End time must be after start time",
        {
          outcome: "terminal_failure",
          safe_to_retry: false,
          status: 400,
        },
      ),
    ).toMatchObject({ category: "validation", errorCode: "http_400" });
    expect(
      hevy("[get-routines] Error: The API key is invalid or has expired.", { status: 401 }),
    ).toMatchObject({ category: "auth", errorCode: "http_401" });
  });

  it("decides the family its words refine: a 429 is rate_limited, whatever 'transient' the words say", () => {
    expect(
      hevy(
        "Unable to complete the request after 4 attempts due to transient failures. Please try again shortly.",
        {
          code: "HEVY_RETRY_EXHAUSTED",
          status: 429,
        },
      ),
    ).toMatchObject({ category: "rate_limited", errorCode: "HEVY_RETRY_EXHAUSTED", retryable: true });
  });

  it("the other side: a status outside 400–599 or a status word is not an HTTP failure", () => {
    expect(hevy("Error: the job could not start", { status: 202 }).errorCode).not.toBe("http_202");
    expect(hevy("Error: the job could not start", { status: "failed" }).errorCode).toBeNull();
  });
});

describe("a GraphQL answer relayed beside the names it echoes", () => {
  const relayed = (data: unknown) =>
    answered(
      JSON.stringify({
        username: "no_such_user",
        submissions: {
          errors: [{ message: "That user does not exist.", path: ["recentAcSubmissionList"] }],
          data,
        },
      }),
      "get_recent_ac_submissions",
    );

  it("with errors and every field null is a silent failure, read by its message", () => {
    expect(relayed({ recentAcSubmissionList: null })).toMatchObject({
      outcome: "ok",
      silentFailure: true,
      category: "validation",
    });
  });

  it("the other side: with data that survived it is partial; inside a larger answer it is not read", () => {
    expect(relayed({ recentAcSubmissionList: [{ id: "1" }] })).toMatchObject({
      silentFailure: false,
      partial: true,
    });
    const larger = answered(
      JSON.stringify({
        username: "x",
        profile: { ranking: 3 },
        submissions: { errors: [{ message: "That user does not exist." }], data: { list: null } },
      }),
      "get_user_overview",
    );
    expect(larger.silentFailure).toBe(false);
  });
});

describe("a lookup that holds nothing under the name it asked for", () => {
  it("get_problem_solution answering {topicId, solution: null} did not find it", () => {
    expect(answered('{"topicId":"99999999","solution":null}', "get_problem_solution")).toMatchObject({
      silentFailure: true,
      category: "validation",
      empty: false,
    });
  });

  it("the other side: a listing, another member name, or parts beside it", () => {
    expect(answered('{"topicId":"1","solutions":null}', "list_solutions").silentFailure).toBe(false);
    expect(answered('{"topicId":"1","solution":null}', "get_problem_hint").silentFailure).toBe(false);
    expect(
      answered('{"topicId":"1","solution":null,"hints":["try a heap"]}', "get_problem_solution")
        .silentFailure,
    ).toBe(false);
    expect(answered('{"topicId":"1","solution":{"content":"…"}}', "get_problem_solution").silentFailure).toBe(
      false,
    );
  });
});

describe("a session status that signs no one in", () => {
  it("is auth, whatever the tool is called", () => {
    expect(
      answered(
        '{"status":{"isSignedIn":false,"username":"","avatar":"","isAdmin":false}}',
        "get_user_status",
      ),
    ).toMatchObject({ silentFailure: true, category: "auth", empty: false });
    expect(answered('{"authenticated":false,"user":null}', "auth_status")).toMatchObject({
      silentFailure: true,
      category: "auth",
    });
  });

  it("the other side: signed in, a tool that signs out, and a roster's members", () => {
    expect(answered('{"status":{"isSignedIn":true,"username":"ada"}}', "get_user_status").silentFailure).toBe(
      false,
    );
    expect(answered('{"loggedIn":false,"message":"Signed out."}', "logout").silentFailure).toBe(false);
    expect(
      answered('{"members":[{"name":"ada","loggedIn":false},{"name":"bob","loggedIn":true}]}', "list_members")
        .silentFailure,
    ).toBe(false);
  });
});

describe("a named thing that has none of what was asked", () => {
  it("is an empty answer", () => {
    expect(
      answered(
        'Event "Friday Night Lorcana" (ID: 223105) has no tournament rounds. Standings are only available for events with rounds.',
        "get_event_standings",
      ),
    ).toMatchObject({ outcome: "ok", silentFailure: false, empty: true });
    expect(answered("This project has no open issues.", "list_issues").empty).toBe(true);
  });

  it("the other side: a key or a user that has no rights is not an empty answer", () => {
    expect(answered("This API key has no permissions for the project.", "list_issues").empty).toBe(false);
    expect(answered("The service account has no roles assigned.", "list_issues").empty).toBe(false);
    expect(answered("Project Apollo has 3 open issues.", "list_issues").empty).toBe(false);
  });
});

// Round XXVIII's two wrong fires of empty_lookup, read (and only they) because they took the rule under its
// precision bar: a plural ask whose fields are blank, and a register that records none of something for the
// thing it names.
describe("a lookup that found its thing, and none of what was asked about it", () => {
  it("a tool asking for many, answering blank fields, is empty", () => {
    expect(
      answered('{"high": null, "medium": null, "low": null, "package": null}', "protect_get_rtsp_streams"),
    ).toMatchObject({ silentFailure: false, empty: true });
  });

  it("'No … is recorded for this company' beside an empty collection is empty", () => {
    const verdict = classifyCall(
      textResult("No insolvency history is recorded for this company.", { structuredContent: { cases: [] } }),
      "get_insolvency",
    );
    expect(verdict).toMatchObject({ silentFailure: false, empty: true });
  });

  it("the other side: a singular ask's blank record, and the same empty answer without the words, are not found", () => {
    expect(answered('{"province": [], "city": [], "district": []}', "get_location").silentFailure).toBe(true);
    expect(
      classifyCall(textResult("[]", { structuredContent: { cases: [] } }), "get_insolvency").silentFailure,
    ).toBe(true);
  });
});

describe("an argument the call left out, in the API's words", () => {
  it("'Query is missing.' is validation", () => {
    expect(failedWith('Tavily API error: {"error":"Query is missing."}').category).toBe("validation");
  });

  it("the other side: a missing credential is auth, and a missing file on the server is not the caller's argument", () => {
    expect(failedWith("Error: API key is missing").category).toBe("auth");
    expect(failedWith("API key is missing required scope: bookmarks:readwrite").category).toBe("permission");
    expect(failedWith("Error: config.yaml is missing on the server").category).not.toBe("validation");
  });
});
