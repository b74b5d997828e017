import { describe, expect, it } from "vitest";
import { answered, failedWith } from "./helpers";

// Round XXXI's lessons (tuned on once round XXXII was being captured blind by helpers who write no rules): a
// report that returned none above a footer of attribution and usage, a service that rejected the credentials,
// and a body the server could not parse. Each rule with its other side.

const footer =
  "\n\n---\nJobs by Adzuna (https://www.adzuna.co.uk/). Click each job's redirect_url for the canonical listing.\nAPI calls this session: 2 (Adzuna free-tier limits: 25/min, 250/day, 1000/week, 2500/month).";

describe("a report that returned none above a footer", () => {
  it("is empty, also on a page past the end of many matches", () => {
    expect(answered(`Found 0 jobs (returned 0).${footer}`, "search_jobs").empty).toBe(true);
    expect(
      answered(
        `Found 1,863 jobs (returned 0). Mean salary across all matches: GBP 71,239.${footer}`,
        "search_jobs",
      ).empty,
    ).toBe(true);
  });

  it("the other side: what was returned, or a list under the rule, is data", () => {
    expect(answered(`Found 1,863 jobs (returned 20).${footer}`, "search_jobs").empty).toBe(false);
    expect(
      answered(
        "Found 1,863 jobs (returned 0).\n---\n- Data Engineer, Monzo\n- Platform Engineer, Wise",
        "search_jobs",
      ).empty,
    ).toBe(false);
  });
});

describe("refusals in a wrapper's own words", () => {
  it("a service that rejected the credentials is auth", () => {
    expect(
      failedWith(
        "Adzuna rejected the credentials. Check ADZUNA_APP_ID and ADZUNA_APP_KEY are set correctly.",
      ),
    ).toMatchObject({ category: "auth", retryable: false });
  });

  it("the other side: a rejected request is not a credential", () => {
    expect(failedWith("Adzuna rejected the request as malformed.").category).not.toBe("auth");
  });

  it("a body the server could not parse is internal, retryable", () => {
    expect(
      failedWith("Adzuna upstream problem: Adzuna returned status 200 with an unparseable body"),
    ).toMatchObject({
      category: "internal",
      retryable: true,
    });
  });
});
