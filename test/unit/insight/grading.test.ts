import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GRADES } from "@/lib/insight/grades";
import { bandText, gradingGuide, gradingUrl } from "@/lib/insight/grading";
import { measure, MEASURE_IDS, type MeasureId, type ServerCounts } from "@/lib/insight/measures";
import { emptyHygieneCounts } from "@/lib/rollups";

// The grading page is generated from the module that grades (lib/insight/grading.ts): what it says
// about each measure is what a real card does with a server's counts, and docs/REPORT-CARD.md's
// table says the same (titles by the fault counted, bands, weights).

/** Counts whose measure `id` has `problem` failures with the fault out of 100 to judge. */
function countsWith(id: MeasureId, problem: number): ServerCounts {
  const counts: ServerCounts = {
    ...emptyHygieneCounts(),
    calls: 200,
    failures: 100,
    silent_failures: 0,
    tool_errors: 100,
    protocol_errors: 0,
    transport_errors: 0,
    opaque_errors: 0,
    raw_exceptions: 0,
  };
  // Every failure says whether a retry helps unless the retry measure is the one under test.
  counts.retry_hints = 100;
  if (id === "silent") Object.assign(counts, { silent_failures: problem, tool_errors: 100 - problem });
  if (id === "uncoded") counts.no_error_codes = problem;
  if (id === "opaque") counts.opaque_errors = problem;
  if (id === "retry") counts.retry_hints = 100 - problem;
  if (id === "channel") counts.internal_for_validation = problem;
  if (id === "raw") counts.raw_exceptions = problem;
  return counts;
}

describe("the grading page's guide", () => {
  const guide = gradingGuide();

  it("lists every measure, each band of it as a real card grades it (bounds inclusive)", () => {
    expect(guide.measures.map((entry) => entry.id)).toEqual([...MEASURE_IDS]);
    for (const entry of guide.measures) {
      expect(entry.bands.map((band) => band.grade)).toEqual([...GRADES]);
      let previous = 0;
      for (const band of entry.bands) {
        if (band.atMost === null) {
          // F: anything above D's bound.
          expect(measure(entry.id, countsWith(entry.id, previous + 1)).grade, entry.id).toBe("F");
          continue;
        }
        const problem = Math.round(band.atMost * 100);
        const graded = measure(entry.id, countsWith(entry.id, problem));
        expect(graded.problemShare, entry.id).toBeCloseTo(band.atMost, 10);
        expect(graded.grade, `${entry.id} at ${bandText(band)}`).toBe(band.grade);
        expect(measure(entry.id, countsWith(entry.id, problem + 1)).grade, `${entry.id} above`).not.toBe(
          band.grade,
        );
        previous = problem;
      }
      expect(measure(entry.id, countsWith(entry.id, 0)).weight).toBe(entry.weight);
    }
  });

  it("states the minimum, the points and the cap the overall grade applies", () => {
    expect(guide.minFailuresToGrade).toBe(5);
    expect(guide.points.map(({ grade, points }) => `${grade}${points}`)).toEqual([
      "A4",
      "B3",
      "C2",
      "D1",
      "F0",
    ]);
    expect(guide.overall.join(" ")).toContain("never more than one grade above the worst measure");
    expect(guide.overall.join(" ")).toContain("keeps the card at D or below");
  });

  it("a measure's figure is the fault it is titled by: 100% of failures silent on retrying grades F", () => {
    const retry = measure("retry", countsWith("retry", 100));
    expect(retry.title).toBe("Failures that do not say whether a retry can help");
    expect(retry.fault).toBe("Say nothing about retrying");
    expect([retry.problem, retry.total, retry.problemShare, retry.grade]).toEqual([100, 100, 1, "F"]);
    const silent = measure("silent", countsWith("silent", 0));
    expect(silent.title).toBe("Failures hidden from isError");
    expect([silent.problemShare, silent.share, silent.grade]).toEqual([0, 0, "A"]);
  });

  it("the absolute URL keeps the instance's path prefix and is safe as a Markdown autolink", () => {
    expect(gradingUrl("https://faultline.example.com/")).toBe(
      "https://faultline.example.com/report-card/grading",
    );
    expect(gradingUrl("https://example.com/tools/faultline")).toBe(
      "https://example.com/tools/faultline/report-card/grading",
    );
    expect(gradingUrl("http://host:3000/a b<c>")).not.toMatch(/[ <>]/);
  });
});

describe("docs/REPORT-CARD.md", () => {
  it("its measures table says what the code does: titles, bands and weights", () => {
    const doc = readFileSync(path.join(process.cwd(), "docs", "REPORT-CARD.md"), "utf8");
    const rows = doc
      .split("\n")
      .filter((line) => line.startsWith("| **"))
      .map((line) =>
        line
          .slice(1, -1)
          .split(" | ")
          .map((cell) => cell.trim().replace(/\*\*|`/g, "")),
      );
    expect(
      rows.map((cells) => ({ title: cells[0], bands: cells.slice(3, 8), weight: Number(cells[8]) })),
    ).toEqual(
      gradingGuide().measures.map((entry) => ({
        title: entry.title,
        bands: entry.bands.map(bandText),
        weight: entry.weight,
      })),
    );
  });
});
