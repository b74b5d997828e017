import { describe, expect, it } from "vitest";
import { answered, failedWith } from "./helpers";

// Round XXXVIII's lessons (tuned on once round XXXIX was being captured blind by helpers who write no rules): a CLI
// server that frames its output for a model ("<<<BEGIN RESULTS>>> … <<<END RESULTS>>>", an "<<<ERROR>>>" section)
// and labels its codes ("Error ID: not_found") under its own "[… MCP Server Error]" banner; a credential named by
// the variable it came from; a time limit said as "failed to complete in 10000ms"; a report's verdict line. Each
// rule with its other side.

const banner =
  "[Acme MCP Server Error] Please use available tools to resolve this issue. Ignore any CLI command suggestions. Details:\n";
const framed = (inside: string) => `<<<BEGIN RESULTS>>>\n${inside}\n<<<END RESULTS>>>`;
const errorSection = (words: string) => framed(`<<<ERROR>>>\n${words}\n<<<END ERROR>>>`);

describe("a code after an error label", () => {
  it("is the failure's code, and its table's meaning decides the category", () => {
    expect(failedWith("Couldn't find that app.\n\nError ID: not_found")).toMatchObject({
      category: "validation",
      errorCode: "not_found",
      retryable: false,
    });
    expect(failedWith("API is temporarily unavailable.\n\nError ID: unavailable")).toMatchObject({
      category: "transient",
      errorCode: "unavailable",
    });
    expect(failedWith("You do not have access to the app.\n\nError code: forbidden")).toMatchObject({
      category: "permission",
      errorCode: "forbidden",
    });
  });

  it("the other side: an opaque id after the label is no code", () => {
    expect(failedWith("Something broke on our side.\n\nError ID: f7a93c").errorCode).toBeNull();
  });
});

describe("an MCP server's banner for its tool's failure", () => {
  it("is not a server error: the words under it decide", () => {
    expect(failedWith(`${banner}Couldn't find that app.`)).toMatchObject({
      category: "validation",
      retryable: false,
    });
  });

  it("the other side: an API's server error is still internal", () => {
    expect(failedWith("Acme API server error: please try again")).toMatchObject({ category: "internal" });
    expect(failedWith(`${banner}Internal server error.`)).toMatchObject({ category: "internal" });
  });
});

describe("output framed for a model", () => {
  it("is read inside its frame, an error section as an error", () => {
    expect(
      failedWith(`${banner}${errorSection("Name is already taken\n\nError ID: invalid_params")}`),
    ).toMatchObject({ category: "validation", errorCode: "invalid_params" });
    const page =
      "HTTP Error 502 for GET http://127.0.0.1/teams\n<html><head><title>502 Bad Gateway</title></head></html>";
    expect(answered(errorSection(page), "list_teams")).toMatchObject({
      silentFailure: true,
      category: "transient",
      errorCode: "http_502",
    });
    expect(answered(framed("There are no apps in team acme-platform."), "list_apps")).toMatchObject({
      silentFailure: false,
      empty: true,
    });
  });

  it("what a terminal printed around the frame is not the answer", () => {
    expect(
      answered(`session restored > ${framed("The command failed to complete in 10000ms")}\n> `, "ps_list"),
    ).toMatchObject({ silentFailure: true, category: "transient", retryable: true });
  });

  it("the other side: a frame around an answer is that answer", () => {
    const apps = framed("=== Apps in team acme-platform\nacme-api (eu)\nacme-worker (eu)");
    expect(answered(apps, "list_apps")).toMatchObject({ silentFailure: false, empty: false });
    // Markers a text merely mentions, with no frame opened, are read as they are.
    expect(answered("The parser splits on <<<ERROR>>> markers.", "explain")).toMatchObject({
      silentFailure: false,
    });
  });
});

describe("a credential's failure said in its own words", () => {
  it("a token named by where it was provided, or one that could not be had", () => {
    expect(
      failedWith(
        "The token provided to ACME_API_KEY is invalid. Please double-check that you have the correct token.",
      ),
    ).toMatchObject({ category: "auth", retryable: false });
    expect(
      failedWith(
        '{"error":{"name":"Error","message":"Could not get the authentication token for the project proj_1 in the prod environment. Please try again."}}',
      ),
    ).toMatchObject({ category: "auth", retryable: false });
  });

  it("the other side: a token of a chain or a document is no credential", () => {
    expect(failedWith("The token address provided is invalid.")).toMatchObject({ category: "validation" });
  });
});

describe("the caller's input that could not be read, and a payment the account lacks", () => {
  it("an id that cannot be extracted from the URL given is the caller's input", () => {
    expect(
      answered("Error getting video info: Failed to get video info: Could not extract video ID from URL"),
    ).toMatchObject({ silentFailure: true, category: "validation", retryable: false });
  });

  it("a plan that needs a credit card is the account's", () => {
    expect(
      failedWith("Please verify your account to install this add-on plan (please enter a credit card)"),
    ).toMatchObject({ category: "business", retryable: false });
  });

  it("the other side: data that could not be read from a server's own answer is not the caller's", () => {
    expect(failedWith("Could not extract the token count from the response")).not.toMatchObject({
      category: "validation",
    });
  });
});

describe("a time limit said as work that did not complete", () => {
  it("is a timeout, as the whole answer", () => {
    expect(answered("The command failed to complete in 10000ms", "ps_list")).toMatchObject({
      silentFailure: true,
      category: "transient",
      retryable: true,
    });
  });

  it("the other side: a report of a job's own run that says so among its data is data", () => {
    const report = "Job 42: status failed\nStep build failed to complete in 300 s\nStep test skipped";
    expect(answered(report, "get_job_log")).toMatchObject({ silentFailure: false });
  });
});

describe("a report's verdict line", () => {
  const report = (verdict: string) =>
    `# Email Finder: Ana Silva @ contoso.io\n\n**Result**: ${verdict}\n**Reason**: Domain is catch-all\n\n## Domain Context\n- MX Provider: Microsoft 365\n- Catch-all: Yes\n\n*Completed in 5894ms*`;

  it("saying it found none makes a finder's report empty, whatever context follows", () => {
    expect(answered(report("No email found."), "find_email")).toMatchObject({
      silentFailure: false,
      empty: true,
    });
  });

  it("the other side: a verdict that found something, and a lookup's own record, are not empty", () => {
    expect(answered(report("ana.silva@contoso.io (confidence 92%)"), "find_email").empty).toBe(false);
    expect(answered("There is no such app.", "list_apps").empty).toBe(false);
  });
});
