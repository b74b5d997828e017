import { GRADES, MIN_FAILURES_TO_GRADE, OVERALL_RULE, POINTS, type Grade } from "./grades";
import { MEASURE_IDS, MEASURES, type MeasureId } from "./measures";

// How each grade of the report card is computed, as the instance serves it (/report-card/grading):
// built from the very definitions that grade (measures.ts, grades.ts), never a copy of them, so the
// page cannot say one thing while the card does another. Pure: no I/O, no Next.js.

/** The page's path: stable, linked from the card, the fleet table and the card's Markdown. */
export const GRADING_PATH = "/report-card/grading";

/**
 * The grading page's absolute URL on an instance (`origin` as people reach it, with or without a path
 * prefix), normalised by the URL parser so it holds no space, `<` or `>` (it is pasted as a Markdown
 * autolink).
 */
export function gradingUrl(origin: string): string {
  return new URL(`${origin.replace(/\/+$/, "")}${GRADING_PATH}`).href;
}

export interface GradingBand {
  grade: Grade;
  /** The largest problem share (inclusive) that earns it; null for F (anything above D's). */
  atMost: number | null;
}

export interface GradingMeasure {
  id: MeasureId;
  title: string;
  heading: string;
  problemShare: string;
  reads: string;
  bands: GradingBand[];
  weight: number;
}

export interface GradingGuide {
  measures: GradingMeasure[];
  minFailuresToGrade: number;
  points: { grade: Grade; points: number }[];
  overall: readonly string[];
}

export function gradingGuide(): GradingGuide {
  return {
    measures: MEASURE_IDS.map((id) => {
      const definition = MEASURES[id];
      return {
        id,
        title: definition.title,
        heading: definition.heading,
        problemShare: definition.problemShare,
        reads: definition.reads,
        bands: GRADES.map((grade, index) => ({ grade, atMost: definition.bands[index] ?? null })),
        weight: definition.weight,
      };
    }),
    minFailuresToGrade: MIN_FAILURES_TO_GRADE,
    points: GRADES.map((grade) => ({ grade, points: POINTS[grade] })),
    overall: OVERALL_RULE,
  };
}

/** A band's bound as people read it: "≤ 5 %", "more". */
export function bandText(band: GradingBand): string {
  return band.atMost === null ? "more" : `≤ ${Number((band.atMost * 100).toFixed(2))} %`;
}

/** Text with `code` spans, split for rendering: odd indexes are code. */
export function codeSpans(text: string): string[] {
  return text.split("`");
}
