import { describe, expect, it } from "vitest";
import { callFilterChips, searchChip, windowChips } from "@/lib/filter-chips";
import { looksLikeIdPrefix } from "@/lib/queries/find";
import { parseCallFiltersKeepingValid } from "@/lib/schemas/read";
import { viewHref } from "@/lib/view-href";

// The chips of a view are built from the filters the page parsed; each removes its own filter
// (one value of a repeated one) and keeps everything else of the view.

const day = {
  range: "24h" as const,
  from: new Date("2026-12-01T00:00:00Z"),
  to: new Date("2026-12-02T00:00:00Z"),
};
const parsed = (params: Record<string, string | string[]>) =>
  parseCallFiltersKeepingValid({ ...params, from: day.from.toISOString(), to: day.to.toISOString() }).query;
const query = (href: string) => new URL(href, "http://x").searchParams;

describe("Activity's chips", () => {
  it("one per filter and value, in a fixed order, outcomes and categories in words, none for the default period", () => {
    const params = {
      server: ["crm", "billing"],
      sessionId: "s-1",
      outcome: ["tool_error", "silent_failure"],
      category: "rate_limited",
      q: "quota",
      agent: "bot",
    };
    const chips = callFilterChips(params, parsed(params), day);
    expect(chips.map((chip) => `${chip.label}: ${chip.value}`)).toEqual([
      "Session: s-1",
      "Agent: bot",
      "Server: crm",
      "Server: billing",
      "Outcome: tool error",
      "Outcome: silent failure",
      "Category: rate limited",
      "Search: quota",
    ]);
  });

  it("removing one server keeps the other, every other filter, and starts at page one", () => {
    const params = { server: ["crm", "billing"], sessionId: "s-1", range: "7d", cursor: "abc" };
    const chips = callFilterChips(params, parsed(params), { ...day, range: "7d" });
    const crm = chips.find((chip) => chip.value === "crm")!;
    expect(query(crm.removeHref).getAll("server")).toEqual(["billing"]);
    expect(query(crm.removeHref).get("sessionId")).toBe("s-1");
    expect(query(crm.removeHref).get("range")).toBe("7d");
    expect(query(crm.removeHref).has("cursor")).toBe(false);
    const time = chips.find((chip) => chip.key === "range")!;
    expect(time.value).toBe("Last 7 days");
    expect([...query(time.removeHref).keys()].sort()).toEqual(["server", "server", "sessionId"]);
  });

  it("a session the search box chose goes with its note; a search goes with its text=1", () => {
    const params = { sessionId: "s-1", found: "sessionId", q: "x", text: "1" };
    const chips = callFilterChips(params, parsed(params), day);
    expect(query(chips.find((chip) => chip.key === "sessionId")!.removeHref).has("found")).toBe(false);
    const search = query(chips.find((chip) => chip.key === "q")!.removeHref);
    expect(search.has("text")).toBe(false);
    expect(search.get("sessionId")).toBe("s-1");
  });

  it("a custom window shows its from and to; a filter the link got wrong has no chip", () => {
    const custom = { range: "custom" as const, from: day.from, to: day.to };
    const params = { range: "custom", outcome: "nonsense", category: "auth" };
    const chips = callFilterChips(params, parsed(params), custom);
    expect(chips.map((chip) => chip.key)).toEqual(["range", "category"]);
    expect(chips[0]!.window).toEqual({ from: day.from.toISOString(), to: day.to.toISOString() });
  });
});

describe("other lists' chips", () => {
  it("the window, each server and the search", () => {
    const params = { range: "1h", server: ["a", "b"], q: "look", cursor: "c" };
    const chips = [
      ...windowChips("/tools", params, { ...day, range: "1h", servers: ["a", "b"] }),
      ...searchChip("/tools", params, "look"),
    ];
    expect(chips.map((chip) => `${chip.label}: ${chip.value}`)).toEqual([
      "Time: Last hour",
      "Server: a",
      "Server: b",
      "Search: look",
    ]);
    expect(chips.at(-1)!.removeHref).toBe("/tools?range=1h&server=a&server=b");
  });
});

describe("viewHref", () => {
  it("sets a repeated parameter to every value given", () => {
    expect(viewHref("/calls", { server: "a", q: "x" }, [], { server: ["b", "c"] })).toBe(
      "/calls?q=x&server=b&server=c",
    );
    expect(viewHref("/calls", { server: "a" }, [], { server: [] })).toBe("/calls");
  });
});

describe("what reads as the start of a call id", () => {
  it("one token of id characters, six or more, with a digit", () => {
    expect(["3f2a9c", "3f2a9c1e-7b4d", "req-20481", "abc123:4"].map(looksLikeIdPrefix)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(["3f2a9", "timeout", "lookup lead 1", "x".repeat(200) + "1"].map(looksLikeIdPrefix)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
