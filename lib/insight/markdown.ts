import { outcomeWords } from "../outcome-words";
import type { ServerCard } from "./card";
import { formatWindow } from "./window";

// The card as Markdown, ready to paste into an issue on the server's repository: figures, grades,
// and for each measure below A what to change, with masked examples and the recommended shape.
// One link into Faultline, to how the grades are computed (the instance's grading page, absolute);
// nothing else of the instance (the maintainers may have no access to it). Everything a sender named
// or sent renders as text, never as Markdown where it is pasted (no image, link, heading, HTML or
// @-mention): a text in a fenced block whose fence is longer than any run of backticks in it; a
// name or code (the server, a tool, an error code, a revision) in a code span likewise fenced.

const percent = (share: number | null) => (share === null ? "—" : `${(share * 100).toFixed(1)}%`);
const count = (value: number) => value.toLocaleString("en-US");

function fenced(text: string, language = ""): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}

/** A table cell of our own words: one line, pipes escaped, no HTML. */
function cell(text: string): string {
  return text
    .replace(/[\r\n]+/g, " ")
    .replace(/\|/g, "\\|")
    .replace(/</g, "&lt;");
}

/**
 * A name a sender chose, inline: a code span on one line (nothing in it is Markdown, HTML, a
 * link or a mention), its fence longer than any backticks in it, pipes escaped (a GFM table
 * splits cells on them even in a code span).
 */
function literal(text: string): string {
  const line = text.replace(/[\r\n]+/g, " ");
  const longest = Math.max(0, ...[...line.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = line.startsWith("`") || line.endsWith("`") || line.trim() === "" ? " " : "";
  return `${fence}${pad}${line.replace(/\|/g, "\\|")}${pad}${fence}`;
}

export interface MarkdownLinks {
  /** The absolute URL of the instance's grading page (lib/insight/grading gradingUrl). */
  grading: string;
}

export function cardMarkdown(card: ServerCard, links: MarkdownLinks): string {
  const lines: string[] = [];
  const period = formatWindow(card.window);
  lines.push(`# Error hygiene report: ${literal(card.server)}`, "");
  lines.push(
    `Measured by Faultline on real traffic, ${period}: ${count(card.calls)} tool calls, ${count(card.failures.count)} failures (${percent(card.failureRate)}; period before: ${percent(card.previousFailureRate)}), ${count(card.answeredFailures.count)} of them answered by the server.`,
    "",
    `**Overall grade: ${card.grade ?? "not graded (too few failures)"}**`,
    "",
    "| Measure | Share | Grade |",
    "| --- | --- | --- |",
  );
  for (const measure of card.measures) {
    const shown = `${percent(measure.problemShare)} (${count(measure.problem)} of ${count(measure.total)}) — ${cell(measure.fault)}`;
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
          example.tool ? `tool ${literal(example.tool)}` : null,
          outcomeWords(example.outcome),
          example.errorCode ? `code ${literal(example.errorCode)}` : "no code",
          example.protocolVersion ? `revision ${literal(example.protocolVersion)}` : null,
        ].filter(Boolean);
        lines.push("", `- ${facts.join(", ")}:`, "", fenced(example.text || "(no text)"));
      }
    }
    lines.push("", "Recommended shape:", "", fenced(advice.shape, "jsonc"));
  }
  lines.push("", "---", `How each grade is computed: <${links.grading}>`);
  return `${lines.join("\n")}\n`;
}
