// Grades of the report card. The grading page (/report-card/grading) is generated from this module and
// measures.ts; docs/REPORT-CARD.md describes them (a unit test holds its figures to these).
// A measure is graded on its problem share: the part of the server's failures that has the fault.

export const GRADES = ["A", "B", "C", "D", "F"] as const;
export type Grade = (typeof GRADES)[number];

/** Upper bounds of the problem share for A, B, C and D; above the last is F. */
export type Bands = readonly [number, number, number, number];

/** Below this many failures to judge, a measure is shown but not graded. */
export const MIN_FAILURES_TO_GRADE = 5;

export const POINTS: Record<Grade, number> = { A: 4, B: 3, C: 2, D: 1, F: 0 };

/** The overall grade is never more than this many grades above the worst measure. */
export const ABOVE_WORST = 1;

/** The overall rule in words, with this module's own figures (the grading page shows it). */
export const OVERALL_RULE = [
  `Points: ${GRADES.map((grade) => `${grade} ${POINTS[grade]}`).join(", ")}.`,
  "The overall grade is the weighted mean of the graded measures' points, rounded to the nearest grade " +
    `— and never more than ${ABOVE_WORST === 1 ? "one grade" : `${ABOVE_WORST} grades`} above the worst measure, ` +
    `so an F anywhere keeps the card at ${GRADES[GRADES.length - 1 - ABOVE_WORST]} or below.`,
  "No graded measure: no overall grade.",
  "The fleet table's worst error hygiene is the server with the lowest weighted mean.",
] as const;

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
  const rounded = Math.min(Math.round(points), worst + ABOVE_WORST);
  return { grade: GRADES[4 - rounded]!, points };
}

export function gradePoints(grade: Grade | null): number | null {
  return grade === null ? null : POINTS[grade];
}
