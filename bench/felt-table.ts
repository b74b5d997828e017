// The table bench/felt.ts prints and bench/run.ts repeats in its summary.

export interface FeltResult {
  calls: number;
  pages: {
    page: string;
    firstByte: { p50: number };
    shell: { p50: number };
    content: { p50: number; max: number };
    complete: { p50: number };
  }[];
  interactions: { interaction: string; p50: number; max: number }[];
}

/** f: each page's first byte, first paint and content on screen (p50, and the slowest run). */
export function feltTable(felt: FeltResult): string {
  const rows: string[][] = [
    [
      `f. in Chromium, ${felt.calls.toLocaleString("en-US")} calls, p50 ms`,
      "first byte",
      "first paint",
      "content (max)",
      "complete",
    ],
    ...felt.pages.map((page) => [
      page.page,
      String(page.firstByte.p50),
      String(page.shell.p50),
      `${page.content.p50} (${page.content.max})`,
      page.complete.p50 === page.content.p50 || page.complete.p50 === null ? "" : String(page.complete.p50),
    ]),
    ...felt.interactions.map((row) => [row.interaction, "", "", `${row.p50} (${row.max})`, ""]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join("  ")).join("\n");
}
