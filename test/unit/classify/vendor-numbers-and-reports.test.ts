import { describe, expect, it } from "vitest";
import { answered, classifyCall, failedWith, rpcError, textResult } from "./helpers";

// Round XXVIII's lessons (tuned on once round XXIX was being captured blind by helpers who write no rules):
// an API's own error number quoted under its name, a status's reason phrase relayed as an error body's
// message, an error body's own code beside the status a client quoted, plain words for a missing parameter,
// a range, a disabled tool, a plan's limits, and three shapes of "nothing found". Each rule with its other side.

describe("an API's own error number quoted under the API's name", () => {
  const weatherApi = (message: string) => classifyCall(rpcError(-32603, `MCP error -32603: ${message}`));

  it("is the code, over the generic -32603 that wraps it", () => {
    expect(weatherApi("WeatherAPI error 1006: No matching location found.")).toMatchObject({
      category: "validation",
      errorCode: "1006",
      retryable: false,
    });
    expect(weatherApi("WeatherAPI error 9999: Internal application error.")).toMatchObject({
      category: "internal",
      errorCode: "9999",
      retryable: true,
    });
  });

  it("is never read through another standard's table: 2006 here is not MySQL's 'server has gone away'", () => {
    expect(weatherApi("WeatherAPI error 2006: API key is invalid.")).toMatchObject({
      category: "auth",
      errorCode: "2006",
      retryable: false,
    });
  });

  it("the other side: a status number stays a status, the MCP wrapper's number stays its own", () => {
    expect(weatherApi("Acme API error 404: Not Found")).toMatchObject({ errorCode: "http_404" });
    expect(failedWith("MCP error 1004: Network error")).toMatchObject({ errorCode: "1004" });
  });
});

describe("a status's reason phrase relayed as an error body's message", () => {
  const relayed = (body: Record<string, unknown>) =>
    classifyCall(textResult(JSON.stringify(body, null, 2), { isError: true }));

  it("after the labels a wrapper puts before it, quotes that status", () => {
    expect(
      relayed({ error: "Failed to execute callService", message: "API request failed: Bad Request" }),
    ).toMatchObject({ category: "validation", errorCode: "http_400" });
    expect(
      relayed({
        error: "Failed to retrieve plenary sessions: EP API request failed: Too Many Requests",
        toolName: "get_plenary_sessions",
      }),
    ).toMatchObject({ category: "rate_limited", errorCode: "http_429", retryable: true });
  });

  it("the other side: a status member beside the phrase says which status it was", () => {
    expect(relayed({ message: "Unauthorized.", statusCode: 403 })).toMatchObject({ errorCode: "http_403" });
  });

  it("the other side: a message that only mentions a phrase is not one", () => {
    expect(
      relayed({ error: "Failed to execute callService", message: "Not Found entries were skipped" }),
    ).toMatchObject({ errorCode: null });
  });
});

describe("an error body's own code beside the status its client quoted", () => {
  it("the body's name, when it is a code, says more than the status", () => {
    expect(
      failedWith(
        'Error: HTTP 404: {"error":"Entity \'camera\' not found","name":"NOT_FOUND","entity":"camera","id":"66d0"}',
      ),
    ).toMatchObject({ category: "validation", errorCode: "NOT_FOUND" });
  });

  it("the other side: a name that is a thing, not a code, leaves the status", () => {
    expect(failedWith('Error: HTTP 404: {"error":"Entity not found","name":"camera"}')).toMatchObject({
      errorCode: "http_404",
    });
  });
});

describe("plain words for the caller's input", () => {
  it("a named parameter that is missing is validation, over a generic -32603", () => {
    expect(
      classifyCall(rpcError(-32603, "MCP error -32603: WeatherAPI error 1003: Parameter q is missing.")),
    ).toMatchObject({ category: "validation", retryable: false });
  });

  it("a value out of the allowed range is validation", () => {
    expect(
      failedWith(
        "Error: Unable to retrieve historical data: Parameter 'start_date' is out of allowed range from 1940-01-01 to 2026-12-06",
      ),
    ).toMatchObject({ category: "validation" });
  });

  it("a tool switched off by the server's configuration is unknown_tool", () => {
    expect(
      failedWith(
        "Error: Tool 'get_tide_predictions' is not enabled. Please check your ENABLED_TOOLS configuration.",
      ),
    ).toMatchObject({ category: "unknown_tool", retryable: false });
  });

  it("the other side: a feature of a tool that is not enabled is not a missing tool", () => {
    expect(failedWith("Tool use is not enabled for this model").category).not.toBe("unknown_tool");
  });
});

describe("a plan's limits", () => {
  const weatherApi = (message: string) => classifyCall(rpcError(-32603, `MCP error -32603: ${message}`));

  it("access the plan does not include is business, before the access words", () => {
    expect(
      weatherApi(
        "WeatherAPI error 2009: API key does not have access to the resource. Please check pricing page for what is allowed in your API subscription plan.",
      ),
    ).toMatchObject({ category: "business", retryable: false });
  });

  it("the other side: access refused with no word of the plan stays permission", () => {
    expect(weatherApi("API key does not have access to the resource.").category).toBe("permission");
  });

  it("a quota exceeded per month, with words between, is business", () => {
    expect(weatherApi("WeatherAPI error 2007: API key has exceeded calls per month quota.")).toMatchObject({
      category: "business",
      retryable: false,
    });
  });
});

describe("three shapes of nothing found", () => {
  const report = (line: string) =>
    `# Weather Alerts\n\n**Location:** 47.6062, -122.3321\n**Status:** Active alerts only\n**Updated:** Dec 7, 2026, 3:55 AM\n\n${line}\n---\n*Data source: NOAA National Weather Service*\n`;

  it("a report whose answer says nothing, with a restating sentence and a source footer, is empty", () => {
    const text = report(
      "✅ **No active weather alerts for this location.**\n\nThe area is currently clear of weather warnings, watches, and advisories.",
    );
    expect(answered(text, "get_alerts").empty).toBe(true);
  });

  it("the other side: a value after the saying line is data", () => {
    const text = report("✅ **No active weather alerts for this location.**\nTemperature: 12°C");
    expect(answered(text, "get_alerts").empty).toBe(false);
  });

  it("the things asked for, empty under their own name beside the record they belong to, are empty", () => {
    const location = { name: "Miami", region: "Florida", lat: 25.77, lon: -80.19 };
    expect(answered(JSON.stringify({ location, alerts: { alert: [] } }), "get_alerts").empty).toBe(true);
  });

  it("the other side: found alerts, or a list beside the record, are data", () => {
    const location = { name: "Miami", lat: 25.77 };
    expect(
      answered(JSON.stringify({ location, alerts: { alert: [{ headline: "Flood watch" }] } }), "get_alerts")
        .empty,
    ).toBe(false);
    expect(
      answered(JSON.stringify({ location, alerts: { alert: [] }, forecast: [{ day: 1 }] }), "get_alerts")
        .empty,
    ).toBe(false);
  });

  it("an empty last page is empty, whatever its total counts", () => {
    const page = { data: [], total: 2, limit: 20, offset: 0, hasMore: false };
    expect(answered(JSON.stringify(page, null, 2), "search_documents").empty).toBe(true);
  });

  it("the other side: an empty page with more to come is not read as nothing found", () => {
    const page = { data: [], total: 2, limit: 20, offset: 0, hasMore: true };
    expect(answered(JSON.stringify(page), "search_documents").empty).toBe(false);
  });
});
