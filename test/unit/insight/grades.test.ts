import { marked } from "marked";
import { describe, expect, it } from "vitest";
import { gradeShare, overallGrade } from "@/lib/insight/grades";
import { cardMarkdown } from "@/lib/insight/markdown";
import { gradingUrl } from "@/lib/insight/grading";
import type { ServerCard } from "@/lib/insight/card";
import { nextMove, waterfallBar, type StoryCall } from "@/lib/insight/story";
import { cardWindow } from "@/lib/insight/window";

// The report card's pure parts: grading, the overall grade's cap, the card window, what came after a
// failure, and Markdown that stays inert whatever a sender's text holds.

const GRADING = gradingUrl("https://faultline.example.com");

describe("grades", () => {
  it("grades a problem share by its bands, bounds inclusive", () => {
    const bands = [0.01, 0.05, 0.15, 0.3] as const;
    expect([0, 0.01, 0.011, 0.05, 0.15, 0.3, 0.31].map((share) => gradeShare(share, bands))).toEqual([
      "A",
      "A",
      "B",
      "B",
      "C",
      "D",
      "F",
    ]);
  });

  it("the overall grade is the weighted mean, never more than one grade above the worst measure", () => {
    expect(
      overallGrade([
        { grade: "A", weight: 1 },
        { grade: "B", weight: 1 },
      ]).grade,
    ).toBe("A");
    // Five A's and one F average to a B; the F caps the card at D.
    const capped = overallGrade([
      ...Array.from({ length: 5 }, () => ({ grade: "A" as const, weight: 2 })),
      { grade: "F", weight: 1 },
    ]);
    expect(capped.points).toBeGreaterThan(3.5);
    expect(capped.grade).toBe("D");
    expect(overallGrade([{ grade: null, weight: 3 }])).toEqual({ grade: null, points: null });
  });
});

it("a card window is whole hours, at least one", () => {
  const window = cardWindow(new Date("2026-12-01T10:20:00Z"), new Date("2026-12-01T10:40:00Z"));
  expect([window.from.toISOString(), window.to.toISOString()]).toEqual([
    "2026-12-01T10:00:00.000Z",
    "2026-12-01T11:00:00.000Z",
  ]);
});

describe("what came after a failure", () => {
  const call = (id: string, extra: Partial<StoryCall> = {}): StoryCall => ({
    id,
    occurredAt: new Date(0),
    durationMs: 10,
    server: "crm",
    tool: "lookup",
    method: "tools/call",
    argumentsHash: "a",
    outcome: "tool_error",
    silentFailure: false,
    flags: [],
    ...extra,
  });
  it("tells a retry (wasted or not), changed arguments, the same tool without fingerprints, another tool, the end", () => {
    expect(nextMove(call("1"), call("2", { flags: ["wasted_retry"] }))).toEqual({
      kind: "retry",
      wasted: true,
      callId: "2",
    });
    expect(nextMove(call("1"), call("2", { outcome: "ok" }))).toEqual({
      kind: "retry",
      wasted: false,
      callId: "2",
    });
    expect(nextMove(call("1"), call("2", { argumentsHash: "b" }))).toEqual({
      kind: "changed_arguments",
      callId: "2",
    });
    expect(nextMove(call("1", { argumentsHash: null }), call("2"))).toEqual({
      kind: "same_tool",
      wasted: false,
      callId: "2",
    });
    expect(nextMove(call("1"), call("2", { tool: "search" }))).toEqual({
      kind: "other_tool",
      server: "crm",
      tool: "search",
      callId: "2",
    });
    expect(nextMove(call("1"), null)).toEqual({ kind: "end" });
  });
  it("places a bar inside the waterfall, a call of no duration still visible", () => {
    const start = new Date(0);
    const end = new Date(1000);
    expect(waterfallBar({ occurredAt: new Date(500), durationMs: 100 }, start, end)).toEqual({
      left: 50,
      width: 10,
    });
    const late = waterfallBar({ occurredAt: new Date(1000), durationMs: null }, start, end);
    expect(late.left + late.width).toBeLessThanOrEqual(100);
    expect(late.width).toBeGreaterThan(0);
  });
});

it("Markdown keeps a sender's text inert: fenced longer than any backticks in it, table cells on one line", () => {
  const hostile = "```\n# injected heading\n[click](javascript:alert(1))\n````";
  const window = cardWindow(new Date("2026-12-01T10:00:00Z"), new Date("2026-12-01T11:00:00Z"));
  const part = { key: "silent", label: "Silent", count: 1, filter: {}, href: "/calls" };
  const card: ServerCard = {
    server: "evil | server\n# heading",
    window,
    previous: window,
    calls: 1,
    failures: { ...part, key: "failures" },
    failureRate: 1,
    previousFailureRate: null,
    answeredFailures: part,
    grade: "F",
    points: 0,
    measures: [
      {
        id: "silent",
        title: "Failures hidden from isError",
        fault: "Returned as text, isError not set (silent)",
        of: "tool failures",
        part,
        total: 1,
        share: 1,
        problem: 1,
        problemShare: 1,
        grade: null,
        weight: 3,
        details: [],
        advice: { headline: "Set isError.", detail: "Because.", shape: "{}" },
        examples: [
          {
            callId: "c",
            tool: "t`ool",
            occurredAt: new Date(0),
            outcome: "silent_failure",
            category: null,
            errorCode: "x|y",
            protocolVersion: null,
            text: hostile,
            signatureCalls: 1,
          },
        ],
      },
    ],
    secretsMasked: { ...part, key: "secret_masked", count: 0, advice: null },
    categories: [],
  };
  const markdown = cardMarkdown(card, { grading: GRADING });
  expect(markdown).toContain("# Error hygiene report: `evil \\| server # heading`\n");
  expect(markdown).toContain(`\`\`\`\`\`\n${hostile}\n\`\`\`\`\``);
  expect(markdown).toContain("code `x\\|y`");
  // Measures titled by the fault their figure counts; outcomes in words; the grading page, absolute.
  expect(markdown).toContain(
    "| Failures hidden from isError | 100.0% (1 of 1) — Returned as text, isError not set (silent) | — |",
  );
  expect(markdown).toContain("- tool ``t`ool``, silent failure, code `x\\|y`:");
  expect(markdown).toContain(
    "How each grade is computed: <https://faultline.example.com/report-card/grading>",
  );
});

it("Markdown rendered as GitHub renders it (GFM): a sender's names and codes make no image, link, mention or HTML", () => {
  const window = cardWindow(new Date("2026-12-01T10:00:00Z"), new Date("2026-12-01T11:00:00Z"));
  const part = { key: "silent", label: "Silent", count: 1, filter: {}, href: "/calls" };
  const image = "![pixel](https://tracker.example/p.png)";
  const link = "[docs](https://evil.example/phish)";
  const card: ServerCard = {
    server: `${image} ${link} @octo-org/maintainers <img src=x onerror=alert(1)> https://bare.example`,
    window,
    previous: window,
    calls: 1,
    failures: { ...part, key: "failures" },
    failureRate: 1,
    previousFailureRate: null,
    answeredFailures: part,
    grade: "F",
    points: 0,
    measures: [
      {
        id: "silent",
        title: "Failures hidden from isError",
        fault: "Returned as text, isError not set (silent)",
        of: "tool failures",
        part,
        total: 1,
        share: 1,
        problem: 1,
        problemShare: 1,
        grade: null,
        weight: 3,
        details: [],
        advice: { headline: "Set isError.", detail: "Because.", shape: "{}" },
        examples: [
          {
            callId: "c",
            tool: `\`\`${link}\``,
            occurredAt: new Date(0),
            outcome: "silent_failure",
            category: null,
            errorCode: `@admin ${image}`,
            protocolVersion: "<b>2025</b>|x",
            text: `${image}\n@everyone`,
            signatureCalls: 1,
          },
        ],
      },
    ],
    secretsMasked: { ...part, key: "secret_masked", count: 0, advice: null },
    categories: [],
  };
  const html = marked.parse(cardMarkdown(card, { grading: GRADING }), { gfm: true, async: false });
  expect(html).not.toMatch(/<img|<b>/);
  // One link, ours: how the grades are computed, on the instance.
  expect([...html.matchAll(/<a [^>]*>/g)].map((match) => match[0])).toEqual([`<a href="${GRADING}">`]);
  // Every @ of a sender's is inside <code> (GitHub makes no mention there): none is left outside.
  const outside = html.replace(/<code[^>]*>[\s\S]*?<\/code>/g, "");
  expect(outside).not.toContain("@");
  expect(outside).not.toContain("evil.example");
  expect(outside).not.toContain("tracker.example");
  expect(html).toContain("<h1>Error hygiene report: <code>");
});
