import { describe, expect, it } from "vitest";
import { answered, classifyCall, failedWith, textResult } from "./helpers";

// Round XXXII's lessons (tuned on once round XXXIII was being captured blind by helpers who write no rules): a
// server's own "errorCategory": "UNKNOWN", an HRESULT under an API's name, SQL Server's words, an allowlist, a
// code that names the response as bad, and OData's empty collections. Each rule with its other side.

const failedJson = (body: unknown) => failedWith(JSON.stringify(body));

describe("what a server says of its own failure", () => {
  const dataverse = (words: string, errorCategory = "UNKNOWN") =>
    failedJson({
      summary: `dataverse_get failed for 'x' in 'accounts': ${words}`,
      data: null,
      errorCategory,
      isError: true,
    });

  it("'errorCategory': 'UNKNOWN' leaves the words to decide; the API's HRESULT is the code", () => {
    expect(dataverse("Dataverse error 0x80040217: account With Id = 00c4e7d1 Does Not Exist")).toMatchObject({
      category: "validation",
      errorCode: "0x80040217",
    });
    expect(
      dataverse(
        "Dataverse error 0x80072322: Number of requests exceeded the limit of 6000 over time window of 300 seconds.",
      ),
    ).toMatchObject({ category: "rate_limited", errorCode: "0x80072322", retryable: true });
  });

  it("the other side: a category the server does name still decides", () => {
    expect(dataverse("Dataverse error 0x80040217: Does Not Exist", "rate_limited").category).toBe(
      "rate_limited",
    );
  });

  it("the other side: a hex number in a sentence is no code", () => {
    expect(failedWith("The handle 0x80040217 was closed while the export ran").errorCode).toBeNull();
  });

  it("a code that names the response as bad yields to its status; with none, the server failed inside", () => {
    const wiki = (status?: number) =>
      failedJson({
        success: false,
        error: { message: "Wiki.js returned a non-JSON response.", code: "INVALID_JSON_RESPONSE", status },
      });
    expect(wiki(429)).toMatchObject({
      category: "rate_limited",
      errorCode: "INVALID_JSON_RESPONSE",
      retryable: true,
    });
    expect(wiki(502)).toMatchObject({ category: "transient", retryable: true });
    expect(wiki()).toMatchObject({ category: "internal" });
  });

  it("the other side: a code about the caller's input stays validation", () => {
    expect(
      failedJson({ success: false, error: { message: "Title is required.", code: "INVALID_INPUT" } })
        .category,
    ).toBe("validation");
  });

  it("a login refused in a detail's words is auth, however the fields are listed", () => {
    expect(
      failedJson({
        success: false,
        error: {
          message: "Wiki.js returned an unsuccessful responseResult.",
          code: "WIKIJS_RESPONSE_ERROR",
          details: [
            { errorCode: 1002, slug: "AuthLoginFailed", message: "Invalid email / username or password." },
          ],
        },
      }).category,
    ).toBe("auth");
  });
});

describe("SQL Server's words", () => {
  it("say which kind of failure each is", () => {
    expect(failedWith("Incorrect syntax near '?'.").category).toBe("validation");
    expect(
      failedWith("The SELECT permission was denied on the object 'Payroll', database 'Sales', schema 'dbo'.")
        .category,
    ).toBe("permission");
    expect(failedWith("Login failed for user 'mcp_reader'.").category).toBe("auth");
    expect(
      failedWith(
        "Resource ID : 1. The request limit for the database is 60 and has been reached. See https://docs.microsoft.com/…",
      ),
    ).toMatchObject({ category: "rate_limited", retryable: true });
    expect(
      failedWith(
        "Transaction (Process ID 57) was deadlocked on lock resources with another process and has been chosen as the deadlock victim. Rerun the transaction.",
      ),
    ).toMatchObject({ category: "transient", retryable: true });
  });

  it("an attachment refused by an allowlist is permission", () => {
    expect(
      answered(
        JSON.stringify({
          success: false,
          error: "Server attachment blocked",
          reason:
            "Server URL not in allowlist. Add 'ws://127.0.0.1:42711' to allowedServers in configuration.",
        }),
      ),
    ).toMatchObject({ silentFailure: true, category: "permission" });
  });
});

describe("OData's empty collections", () => {
  it("a summary and suggestions beside an empty value list, and a wrapped collection with its context, are empty", () => {
    expect(
      answered(
        JSON.stringify({
          summary: "0 records returned from contacts",
          data: { value: [] },
          suggestions: ["Use dataverse_execute_fetchxml for complex joins or aggregations"],
        }),
        "dataverse_query",
      ).empty,
    ).toBe(true);
    const records = (value: unknown[]) =>
      classifyCall(
        textResult("Retrieved records", {
          structuredContent: {
            entityNamePlural: "accounts",
            count: value.length,
            records: {
              "@odata.context": "https://contoso.crm4.dynamics.com/api/data/v9.2/$metadata#accounts",
              value,
            },
          },
        }),
        "query-records",
      );
    expect(records([]).empty).toBe(true);
  });

  it("the other side: records in the collection are data", () => {
    expect(
      answered(
        JSON.stringify({ summary: "1 record returned", data: { value: [{ fullname: "Ada Okonkwo" }] } }),
        "dataverse_query",
      ).empty,
    ).toBe(false);
  });
});
