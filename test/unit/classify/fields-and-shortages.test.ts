import { describe, expect, it } from "vitest";
import { answered, failedWith } from "./helpers";

// Round XXV's lessons (tuned on once round XXVI was being captured blind by helpers who write no rules): a
// failure's fields a line each, a code in brackets opening a line, a heading over one error line, a feature
// the server lacks, a model that said nothing, a provider out of capacity, one request beyond its whole limit,
// stock and cut-offs, a lookup that says found: false, a whole CallToolResult as text, and a table left
// empty by failed lookups. Each rule with its other side.

describe("codes written where a failure's fields are", () => {
  it("a line of its own labelled Code names the code", () => {
    const text =
      'Error: The TLD ".tidewater" is not supported for searching.\nCode: UNSUPPORTED_TLD\nRetryable: no\nSuggested action: Try one of these: com, io';
    expect(failedWith(text)).toMatchObject({ category: "validation", errorCode: "UNSUPPORTED_TLD" });
  });

  it("a code in brackets opening a line names the code", () => {
    const text = "## Operation 1\n\n[HF_FS_NOT_FOUND] File does not exist: tokenizer_config.json";
    expect(failedWith(text).errorCode).toBe("HF_FS_NOT_FOUND");
  });

  it("the other side: a sentence about a code, and a log level in brackets, name none", () => {
    expect(
      failedWith("Error: the code: INVALID_DOMAIN was sent by an old client, upgrade it").errorCode,
    ).not.toBe("INVALID_DOMAIN");
    expect(failedWith("[ERROR] Could not reach the backend").errorCode).toBeNull();
  });
});

describe("a heading over one error line", () => {
  it("is the answer's failure: a missing model, a server error", () => {
    expect(
      answered("# acme/whisper-ft\n\n- Error: Model 'acme/whisper-ft' not found. Please check the model ID."),
    ).toMatchObject({ silentFailure: true, category: "validation" });
    expect(
      answered(
        "# openai/whisper\n\n- Error: Failed to get model details: Internal Error - We're working on it.",
      ),
    ).toMatchObject({ silentFailure: true, category: "internal", retryable: true });
  });

  it("the other side: a heading over a line that is not an error label, or over several lines", () => {
    expect(answered("# acme/whisper-ft\n\n- Downloads: 1,204").silentFailure).toBe(false);
    expect(
      answered("# Release notes\n\n- Error: messages now name the field\n- Faster uploads").silentFailure,
    ).toBe(false);
  });
});

describe("answers that did not do the work", () => {
  it("a feature the server lacks, as the whole answer, is its own failure", () => {
    expect(
      answered("Output format not implemented for ai_health. Set OUTPUT_FORMAT=json for raw output."),
    ).toMatchObject({ silentFailure: true, category: "internal" });
  });

  it("a model that answered nothing", () => {
    expect(answered("No response from model.")).toMatchObject({ silentFailure: true, category: "unknown" });
  });

  it("the other side: a list of features some of which are not implemented, and a model's answer about responses", () => {
    expect(
      answered("Features:\n- export: done\n- import: not implemented\n- sync: in progress").silentFailure,
    ).toBe(false);
    expect(
      answered("No response from the model is needed for cached prompts; this one was served from cache: 42.")
        .silentFailure,
    ).toBe(false);
  });
});

describe("a provider out of capacity", () => {
  it("is transient whatever 4xx it came with", () => {
    const text = JSON.stringify({
      title: "Bad Request",
      status: 400,
      detail:
        "There are no longer any instances available with the requested specifications. Please refresh and try again.",
    });
    expect(failedWith(text)).toMatchObject({ category: "transient", errorCode: "http_400", retryable: true });
  });

  it("the other side: a 400 about the request's own shape stays validation; a 403 about capacity stays permission", () => {
    expect(failedWith('{"status": 400, "detail": "gpuCount must be between 1 and 8"}').category).toBe(
      "validation",
    );
    expect(failedWith("403 Forbidden: your team may not reserve capacity in this region").category).toBe(
      "permission",
    );
  });
});

describe("one request larger than the whole limit", () => {
  it("is the plan's refusal, not a rate limit: waiting cannot help", () => {
    const text =
      'Failed to get response from Groq: 413 {"error":{"message":"Request too large for model `compound-beta` on tokens per minute (TPM): Limit 70000, Requested 118242, please reduce your message size and try again.","type":"tokens","code":"rate_limit_exceeded"}}';
    expect(answered(text)).toMatchObject({ silentFailure: true, category: "business", retryable: false });
  });

  it("the other side: a limit reached by this request is a rate limit", () => {
    const text =
      'Failed to get response from Groq: 429 {"error":{"message":"Rate limit reached for model `compound-beta` on requests per day (RPD): Limit 250, Used 250, Requested 1. Please try again in 2s.","code":"rate_limit_exceeded"}}';
    expect(answered(text)).toMatchObject({ silentFailure: true, category: "rate_limited", retryable: true });
  });
});

describe("what a shop refuses", () => {
  it("an item out of stock and a window that has closed are business", () => {
    expect(
      failedWith("Error: GraphQL errors: Product ii-135061877 is out of stock for 2026-12-14").category,
    ).toBe("business");
    expect(
      failedWith("Error: The cutoff time for this delivery has passed. Check cutoff first.").category,
    ).toBe("business");
  });

  it("the other side: a search whose results mention stock is data", () => {
    expect(
      answered('[{"name": "Pad Thai", "note": "was out of stock last week, back now"}]').silentFailure,
    ).toBe(false);
  });
});

describe("shapes of answers", () => {
  it("a lookup that says found: false with an error did not find its one thing", () => {
    expect(
      answered(
        '{"found": false, "error": "No Google Places found for \\"Karadeniz Pide\\" near Esentepe."}',
        "get_google_reviews",
      ),
    ).toMatchObject({ silentFailure: true, category: "validation", empty: false });
  });

  it("the other side: a listing that labels finding nothing an error found nothing", () => {
    expect(answered('{"error": "No data sources found for this workspace"}', "list_sources")).toMatchObject({
      silentFailure: false,
      empty: true,
    });
  });

  it("a whole CallToolResult as text is read for what its text found", () => {
    const inner = JSON.stringify({ data: { pagination: { count: 0, next: null }, records: [] } });
    const text = JSON.stringify({ content: [{ type: "text", text: inner }] });
    expect(answered(text, "listDnsRecords")).toMatchObject({ silentFailure: false, empty: true });
  });

  it("the other side: a delete acknowledged with {} inside it did not find nothing", () => {
    const text = JSON.stringify({ content: [{ type: "text", text: "{}" }] });
    expect(answered(text, "deleteDnsRecord")).toMatchObject({ silentFailure: false, empty: false });
  });

  it("a table with no rows whose notes say the lookups failed is a failure", () => {
    const text =
      '| Domain | Status | Price |\n| --- | --- | --- |\nNote: Prices can change.\n\nInsights:\n- ⚠️ Could not check some TLDs: com: Could not check availability for "harbor.com". All sources failed.';
    expect(answered(text, "search_domain")).toMatchObject({ silentFailure: true, category: "transient" });
  });

  it("the other side: a table with rows beside such a note is not a failure, nor an empty table with no note", () => {
    const withRow =
      "| Domain | Status |\n| --- | --- |\n| harbor.com | Available |\n- ⚠️ Could not check some TLDs: dev: All sources failed.";
    expect(answered(withRow, "search_domain").silentFailure).toBe(false);
    expect(
      answered("| Domain | Status |\n| --- | --- |\nNote: Prices can change.", "search_domain").silentFailure,
    ).toBe(false);
  });
});
