import type { ServerCard } from "./card";
import { formatWindow } from "./window";

// The card as Markdown, ready to paste into an issue on the server's repository: figures, grades,
// and for each measure below A what to change, with masked examples and the recommended shape.
// No links into Faultline (the maintainers may have no access to it). Every text a sender sent is
// put inside a fenced block whose fence is longer than any run of backticks in it, so it renders as
// text, never as Markdown.

const percent = (share: number | null) => (share === null ? "—" : `${(share * 100).toFixed(1)}%`);
const count = (value: number) => value.toLocaleString("en-US");

function fenced(text: string, language = ""): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}

/** A table cell: one line, pipes escaped, no HTML. */
function cell(text: string): string {
  return text
    .replace(/[\r\n]+/g, " ")
    .replace(/\|/g, "\\|")
    .replace(/</g, "&lt;");
}

export function cardMarkdown(card: ServerCard): string {
  const lines: string[] = [];
  const period = formatWindow(card.window);
  lines.push(`# Error hygiene report: ${cell(card.server)}`, "");
  lines.push(
    `Measured by Faultline on real traffic, ${period}: ${count(card.calls)} tool calls, ${count(card.failures.count)} failures (${percent(card.failureRate)}; period before: ${percent(card.previousFailureRate)}), ${count(card.answeredFailures.count)} of them answered by the server.`,
    "",
    `**Overall grade: ${card.grade ?? "not graded (too few failures)"}**`,
    "",
    "| Measure | Share | Grade |",
    "| --- | --- | --- |",
  );
  for (const measure of card.measures) {
    const shown = measure.part
      ? `${percent(measure.share)} (${count(measure.part.count)} of ${count(measure.total)}) — ${cell(measure.part.label)}`
      : `${percent(measure.problemShare)} misfiled (${count(measure.details.reduce((sum, detail) => sum + detail.count, 0))} of ${count(measure.total)})`;
    lines.push(`| ${cell(measure.title)} | ${shown} | ${measure.grade ?? "—"} |`);
  }
  if (card.secretsMasked.count > 0)
    lines.push(
      "",
      `Secrets masked in this server's texts: ${count(card.secretsMasked.count)}. ${card.secretsMasked.advice}`,
    );
  if (card.categories.length > 0) {
    lines.push("", "Failures by category (this period / the period before): ");
    lines.push(
      card.categories
        .map((row) => `${row.category} ${count(row.failures)} / ${count(row.previous)}`)
        .join(" · "),
    );
  }
  const advised = card.measures.filter((measure) => measure.advice);
  if (advised.length > 0) lines.push("", "## What to change");
  for (const measure of advised) {
    const advice = measure.advice!;
    lines.push(
      "",
      `### ${advice.headline}`,
      "",
      `_${measure.title}: ${measure.grade ?? "not graded"}._ ${advice.detail}`,
    );
    for (const detail of measure.details.filter((detail) => detail.count > 0))
      lines.push(`- ${detail.label}: ${count(detail.count)}`);
    if (measure.examples.length > 0) {
      lines.push("", "Examples from this server's calls (ids, numbers and quoted values masked):");
      for (const example of measure.examples) {
        const facts = [
          example.tool ? `tool \`${cell(example.tool).replace(/`/g, "")}\`` : null,
          example.outcome,
          example.errorCode ? `code ${cell(example.errorCode)}` : "no code",
          example.protocolVersion ? `revision ${cell(example.protocolVersion)}` : null,
        ].filter(Boolean);
        lines.push("", `- ${facts.join(", ")}:`, "", fenced(example.text || "(no text)"));
      }
    }
    lines.push("", "Recommended shape:", "", fenced(advice.shape, "jsonc"));
  }
  lines.push("", "---", "How each grade is computed: Faultline's docs/REPORT-CARD.md.");
  return `${lines.join("\n")}\n`;
}
