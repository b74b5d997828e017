import { describe, expect, it } from "vitest";
import { answered, failedWith } from "./helpers";

// Round XXXIII's lessons (tuned on once round XXXIV was being captured blind by helpers who write no rules): the
// words local tools fail with (a linter's config checked by ajv, a path that must be absolute, bounds, a media
// file with no stream), a tool's own session id, Chinese APIs' quota, concurrency and key refusals, and labelled
// lines that each say none. Each rule with its other side.

describe("what local tools fail with", () => {
  it("a linter's missing or ignored files, and its config refused by the schema, are the caller's input", () => {
    expect(failedWith("No files matching '/work/app/src/checkout.js' were found.").category).toBe(
      "validation",
    );
    expect(failedWith("All files matched by '/work/app/docs' are ignored.").category).toBe("validation");
    expect(
      failedWith(
        'Key "rules": Key "semi":\n\tValue "sometimes" should be equal to one of the allowed values.\n\tValue ["sometimes"] should match some schema in anyOf.',
      ).category,
    ).toBe("validation");
  });

  it("the other side: a lint report that quotes the same words about the code it checked is a success", () => {
    const report = JSON.stringify({
      filePath: "/work/app/src/a.js",
      messages: [{ ruleId: "semi", message: "Value should be equal to one of the allowed values." }],
    });
    expect(answered(report, "lint-files").silentFailure).toBe(false);
  });

  it("a relative path where an absolute one is required, coordinates past the bounds, a file with no stream", () => {
    expect(failedWith('Path must be absolute. Received relative path: "media/product.png"').category).toBe(
      "validation",
    );
    expect(failedWith("Coordinates (500, 400) exceed image bounds (64x48).").category).toBe("validation");
    expect(
      failedWith(
        "Error: ffmpeg version 5.1.9\nOutput #0, mp3, to 'out.mp3':\nOutput file #0 does not contain any stream",
      ).category,
    ).toBe("validation");
  });

  it("a tool's own session id that does not exist is the caller's input, not a sign-in", () => {
    expect(
      failedWith(
        "Invalid or non-existent session ID. Please call create_session first to obtain a valid session ID.",
      ).category,
    ).toBe("validation");
    expect(failedWith("Invalid session. Please sign in again.").category).toBe("auth");
  });
});

describe("Chinese APIs' refusals", () => {
  it("a daily quota, the agreed concurrency and a wrong key each say their kind", () => {
    expect(failedWith("Geocoding failed: 天配额超限，限制访问")).toMatchObject({
      category: "business",
      retryable: false,
    });
    expect(failedWith("Place search failed: 当前并发量已经超过约定并发配额，限制访问")).toMatchObject({
      category: "rate_limited",
      retryable: true,
    });
    expect(failedWith("Geocoding failed: APP不存在，AK有误请检查再重试").category).toBe("auth");
  });

  it("the other side: a thing that does not exist, with no word of a key, stays validation", () => {
    expect(failedWith("Geocoding failed: 地址不存在").category).toBe("validation");
  });
});

describe("labelled lines that each say none", () => {
  it("are empty for a search", () => {
    expect(answered("Matching types: None\nMatching fields: None", "search-schema").empty).toBe(true);
  });

  it("the other side: a record's field that is none is a value", () => {
    expect(answered("Assignee: None", "get_issue").empty).toBe(false);
    expect(answered("Matching types: Order\nMatching fields: None", "search-schema").empty).toBe(false);
  });
});
