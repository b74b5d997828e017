import { describe, expect, it } from "vitest";
import { failedWith } from "./helpers";

// Round XXXV's lessons (tuned on once round XXXVI was being captured blind by helpers who write no rules): an API's
// own code after the status its wrapper quotes, a Symfony constraint violation's code, and the fixed sentences a
// server words its upstream's failures in (no status, no body: "returned invalid JSON", "could not be reached").
// Each rule with its other side.

describe("an API's own code after the status its wrapper quotes", () => {
  it("is stored, and the status and words still decide the category", () => {
    expect(
      failedWith("API error (HTTP 404) ASSEMBLY_NOT_FOUND: The Assembly '0000aaaa' could not be found."),
    ).toMatchObject({ category: "validation", errorCode: "ASSEMBLY_NOT_FOUND" });
    expect(
      failedWith(
        "API error (HTTP 401) GET_ACCOUNT_UNKNOWN_AUTH_KEY: We could not find an account for the Auth Key.",
      ),
    ).toMatchObject({ category: "auth", errorCode: "GET_ACCOUNT_UNKNOWN_AUTH_KEY", retryable: false });
  });

  it("the other side: a label that only says an error happened leaves the status as the code", () => {
    expect(failedWith("Request failed (HTTP 500) API_ERROR: something went wrong").errorCode).toBe(
      "http_500",
    );
  });
});

describe("a constraint violation's code", () => {
  const body = (violation: Record<string, string>) =>
    `Error: API 422: Unprocessable Entity — ${JSON.stringify({
      "@type": "ConstraintViolationList",
      "hydra:description": "endpointRecipient: This value is not a valid URL.",
      violations: [violation],
    })}`;

  it("beside its property path is the failure's code", () => {
    expect(
      failedWith(
        body({
          propertyPath: "endpointRecipient",
          message: "This value is not a valid URL.",
          code: "57c2f299-1154-4870-89bb-ef3b1f5ad229",
        }),
      ),
    ).toMatchObject({ category: "validation", errorCode: "57c2f299-1154-4870-89bb-ef3b1f5ad229" });
  });

  it("the other side: a list of violations with no property path is not the constraint list", () => {
    expect(failedWith(body({ rule: "no-unused-vars", code: "lint-42" })).errorCode).toBe("http_422");
  });
});

describe("a server's fixed sentences about its upstream", () => {
  it("an answer it could not read is the server's failure, worth retrying", () => {
    expect(failedWith("AfAMax returned invalid JSON.")).toMatchObject({
      category: "internal",
      retryable: true,
    });
    expect(
      failedWith("AfAMax returned a response that does not match the public API contract."),
    ).toMatchObject({
      category: "internal",
      retryable: true,
    });
  });

  it("the other side: the caller's invalid JSON, or a request not matching the schema, is the caller's", () => {
    expect(failedWith("The input is invalid JSON.").category).toBe("validation");
    expect(failedWith("The request does not match the expected schema.").category).toBe("validation");
  });

  it("a service that could not be reached is transient", () => {
    expect(failedWith("AfAMax could not be reached.")).toMatchObject({
      category: "transient",
      retryable: true,
    });
  });

  it("a service that rejected the input is the caller's input; rejected credentials stay a sign-in", () => {
    expect(failedWith("AfAMax rejected the calculation input.")).toMatchObject({
      category: "validation",
      retryable: false,
    });
    expect(failedWith("Adzuna rejected the credentials.").category).toBe("auth");
  });
});
