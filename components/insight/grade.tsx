// A grade as a letter in a coloured square; the letter carries the meaning, the colour repeats it.

const STYLES: Record<string, string> = {
  A: "bg-emerald-100 text-emerald-900 ring-emerald-600/40 dark:bg-emerald-950 dark:text-emerald-200",
  B: "bg-lime-100 text-lime-900 ring-lime-600/40 dark:bg-lime-950 dark:text-lime-200",
  C: "bg-yellow-100 text-yellow-900 ring-yellow-600/40 dark:bg-yellow-950 dark:text-yellow-200",
  D: "bg-orange-100 text-orange-900 ring-orange-600/40 dark:bg-orange-950 dark:text-orange-200",
  F: "bg-red-100 text-red-900 ring-red-600/40 dark:bg-red-950 dark:text-red-200",
};

export function GradeBadge({
  grade,
  size = "sm",
  label,
}: {
  grade: string | null;
  size?: "sm" | "lg";
  label?: string;
}) {
  const box = size === "lg" ? "h-14 w-14 text-3xl" : "h-6 w-6 text-sm";
  return (
    <span
      className={`inline-flex shrink-0 items-center justify-center rounded-md font-bold ring-1 ring-inset ${box} ${grade ? STYLES[grade] : "bg-zinc-100 text-zinc-600 ring-zinc-400/40 dark:bg-zinc-800 dark:text-zinc-300"}`}
      title={grade ? `${label ?? "Grade"} ${grade}` : "Not graded: too few failures in this period"}
      aria-label={grade ? `${label ?? "Grade"} ${grade}` : "not graded"}
      data-testid="grade"
      data-grade={grade ?? ""}
    >
      {grade ?? "—"}
    </span>
  );
}

export const percent = (share: number | null) => (share === null ? "—" : `${(share * 100).toFixed(1)}%`);
export const count = (value: number) => value.toLocaleString("en-US");
