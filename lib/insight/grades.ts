// Grades of the report card (docs/REPORT-CARD.md is their description; keep the two in step).
// A measure is graded on its problem share: the part of the server's failures that has the fault.

export const GRADES = ["A", "B", "C", "D", "F"] as const;
export type Grade = (typeof GRADES)[number];

/** Upper bounds of the problem share for A, B, C and D; above the last is F. */
export type Bands = readonly [number, number, number, number];

/** Below this many failures to judge, a measure is shown but not graded. */
export const MIN_FAILURES_TO_GRADE = 5;

const POINTS: Record<Grade, number> = { A: 4, B: 3, C: 2, D: 1, F: 0 };

export function gradeShare(problemShare: number, bands: Bands): Grade {
  const index = bands.findIndex((bound) => problemShare <= bound);
  return GRADES[index === -1 ? 4 : index]!;
}

export interface Graded {
  grade: Grade | null;
  weight: number;
}

/**
 * The overall grade: the weighted mean of the measures' points (A 4 … F 0), rounded to the nearest
 * grade, and never more than one grade better than the worst measure (an F stays visible).
 * Null when no measure could be graded.
 */
export function overallGrade(measures: readonly Graded[]): { grade: Grade | null; points: number | null } {
  const graded = measures.filter(
    (measure): measure is { grade: Grade; weight: number } => measure.grade !== null,
  );
  if (graded.length === 0) return { grade: null, points: null };
  const weight = graded.reduce((sum, measure) => sum + measure.weight, 0);
  const points = graded.reduce((sum, measure) => sum + POINTS[measure.grade] * measure.weight, 0) / weight;
  const worst = Math.min(...graded.map((measure) => POINTS[measure.grade]));
  const rounded = Math.min(Math.round(points), worst + 1);
  return { grade: GRADES[4 - rounded]!, points };
}

export function gradePoints(grade: Grade | null): number | null {
  return grade === null ? null : POINTS[grade];
}
