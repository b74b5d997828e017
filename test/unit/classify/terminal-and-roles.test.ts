import { describe, expect, it } from "vitest";
import { withoutTerminalDress } from "@/lib/classify/labelled";
import { answered, failedWith } from "./helpers";

// Round XXIV's lessons (tuned on once round XXV was being captured blind by helpers who write no rules):
// what a terminal tool dresses every answer in, an error label before a status and a page or body, a role
// the caller does not hold, a cadence the API allows, an expired auth, a place that does not resolve, and
// searches for people that found nobody. Each rule with its other side.

const FOOTER =
  "\u001b]0;vibe: 3 online · 📩 3\u0007\u001b]1337;SetBadgeFormat=4peP\u0007\n\n" +
  "────────────────────────────────────────\nvibe · 3 online · **3 unread**\n@mira shipping · @juno here\n" +
  "────────────────────────────────────────";

describe("what a terminal tool dresses every answer in", () => {
  it("escapes and a status footer under a drawn rule are not read; the answer above them is", () => {
    const page = answered(
      `## Ship Error\n\nUnexpected token '<', "<html>\n<he"... is not valid JSON${FOOTER}`,
    );
    expect(page).toMatchObject({ silentFailure: true, category: "transient" });
    expect(answered(`Unknown mood. Options: 🔥 shipping, 🧠 thinking, or "clear"${FOOTER}`)).toMatchObject({
      silentFailure: true,
      category: "validation",
    });
    // The agent saw the footer: it is stored as sent.
    expect(page.text).toContain("3 online");
  });

  it("the other side: a success with the same footer is a success, and a long rule-separated report is kept whole", () => {
    expect(answered(`Status set to 🔥 shipping.${FOOTER}`).silentFailure).toBe(false);
    const report = [
      "Deploy summary",
      "────────────────────────────────────────",
      ...Array.from({ length: 10 }, (_, index) => `step ${index + 1}: ok`),
    ].join("\n");
    expect(withoutTerminalDress(report)).toBe(report);
  });
});

describe("an error label before a status", () => {
  it("then an error page or a body is the call's own failure, however long", () => {
    const page = `Error: 502 <!DOCTYPE html>\n<html><head><title>api.example.com | 502: Bad gateway</title></head>${"<p>x</p>\n".repeat(80)}</html>`;
    expect(answered(page)).toMatchObject({
      silentFailure: true,
      errorCode: "http_502",
      category: "transient",
    });
    const body = `Error: Status code: 404\nBody: {\n  "message": "Assistant not found",\n  "error": "Not Found",\n  "statusCode": 404\n}`;
    expect(answered(body)).toMatchObject({ silentFailure: true, errorCode: "http_404" });
  });

  it("the other side: a document that mentions an error status further down is data", () => {
    const doc = `# Handling errors\n\nWhen the API answers Error: 502, retry with back-off.\n${"More text.\n".repeat(40)}`;
    expect(answered(doc).silentFailure).toBe(false);
  });
});

describe("words that decide between categories", () => {
  it("a role the caller does not hold is permission", () => {
    expect(failedWith("Error: You must be a moderator of m/general to pin posts").category).toBe(
      "permission",
    );
    // The other side: an argument that must be a kind of value is validation.
    expect(failedWith("Error: limit must be an integer").category).toBe("validation");
  });

  it("a cadence the API allows is a rate limit that passes", () => {
    expect(failedWith("Error: You can only post once every 30 minutes")).toMatchObject({
      category: "rate_limited",
      retryable: true,
    });
    // The other side: a permanent allowance is not a cadence.
    expect(failedWith("Error: You can only pin 3 posts").category).not.toBe("rate_limited");
  });

  it("an expired auth is auth; a quoted place that does not resolve is validation", () => {
    expect(answered("Failed to send message: Auth expired. Run `vibe init` to refresh token.").category).toBe(
      "auth",
    );
    expect(
      failedWith(
        "❌ Error searching flights: Unable to resolve origin 'Springfield Municipal' to a location.",
      ).category,
    ).toBe("validation");
    // The other side: a gateway that cannot resolve its origin's DNS is no name the caller got wrong.
    expect(
      failedWith("Error 1016: Unable to resolve the origin DNS record of api.example.com").category,
    ).not.toBe("validation");
  });
});

describe("a search for people that found nobody", () => {
  it("is empty", () => {
    expect(answered('No one building "cobol" right now.')).toMatchObject({
      empty: true,
      silentFailure: false,
    });
  });

  it("the other side: nobody allowed to do it is a refusal, not an empty answer", () => {
    expect(answered("No one has permission to publish here.").empty).toBe(false);
  });
});

// Round XXV's one call read while it is held out (hfh-003): the one wrong fire of empty_lookup.
describe("a search that found nothing for the given criteria", () => {
  it("is empty, not a named thing missing", () => {
    expect(answered("No repositories found for the given criteria.", "hub_repo_search")).toMatchObject({
      empty: true,
      silentFailure: false,
    });
  });

  it("the other side: nothing found for the specified flight number is that flight missing", () => {
    expect(answered("No flight data found for the specified flight number.", "get_flight")).toMatchObject({
      silentFailure: true,
      category: "validation",
    });
  });
});
