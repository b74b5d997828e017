import { packageUrl } from "../connect/package-url";
import { InvalidInputError } from "../errors";

// A stdio probe's command line, both ways: typed on one line in Settings → Probes (split here on
// whitespace, with simple quoting), and shown back as the faultline-probe command a user copies to
// run it where the server runs (quoted here for a POSIX shell). The one home of that quoting: the
// Connect page's probe snippet is built here too. Pure: no I/O, safe in the browser.

/** The MCP client library faultline-probe needs beside it (an optional peer of the reporter). */
export const PROBE_CLIENT_PACKAGE = "@modelcontextprotocol/client@2.4.0";

/** Where a key goes in a command until one is made (as the Connect page's snippets say it). */
export const KEY_PLACEHOLDER = "flk_…";

/** Characters a POSIX shell gives no meaning to in a word (no ~: it expands at a word's start). */
const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** One argument as a POSIX shell reads it back unchanged: as is when safe, else in single quotes. */
export function shellQuote(word: string): string {
  if (SAFE_WORD.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** A command and its arguments as one shell line. */
export function shellJoin(words: readonly string[]): string {
  return words.map(shellQuote).join(" ");
}

/**
 * A command typed on one line, as its words: split on whitespace; '…' keeps everything inside as
 * is; "…" keeps it too, but \" and \\ are a quote and a backslash; a backslash outside quotes keeps
 * the next character. An unclosed quote is an InvalidInputError on `command`.
 */
export function splitCommand(line: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: "'" | '"' | null = null;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quote === "'") {
      if (char === "'") quote = null;
      else word += char;
    } else if (quote === '"') {
      if (char === '"') quote = null;
      else if (char === "\\" && (line[index + 1] === '"' || line[index + 1] === "\\")) {
        word += line[index + 1];
        index += 1;
      } else word += char;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      inWord = true;
      if (char === "'" || char === '"') quote = char;
      else if (char === "\\" && index + 1 < line.length) {
        word += line[index + 1];
        index += 1;
      } else word += char;
    }
  }
  if (quote) {
    throw new InvalidInputError([
      { path: "command", message: `has a ${quote === "'" ? "single" : "double"} quote that is not closed` },
    ]);
  }
  if (inWord) words.push(word);
  return words;
}

/** An interval as faultline-probe's --every takes it: 1h, 5m, 90s. */
export function everyFlag(intervalSeconds: number): string {
  if (intervalSeconds % 3600 === 0) return `${intervalSeconds / 3600}h`;
  if (intervalSeconds % 60 === 0) return `${intervalSeconds / 60}m`;
  return `${intervalSeconds}s`;
}

export interface ProbeCommandInput {
  /** This instance's URL, as people reach it. */
  baseUrl: string;
  /** An ingest key (it reads the stdio probes and reports their runs); the placeholder until one is made. */
  key?: string;
  probe: string;
  /** The probe's test call's tool: allowed on the command line, or nothing is called. */
  allowTool?: string | null;
  intervalSeconds?: number;
  /** The server's command and its arguments, as they run on that machine. */
  command: readonly string[];
}

/** The faultline-probe command that runs a stdio probe where its server runs, every interval. */
export function probeCommand(input: ProbeCommandInput): string {
  const url = input.baseUrl.replace(/\/+$/, "");
  const key = input.key ? shellQuote(input.key) : KEY_PLACEHOLDER;
  const own = [
    "--probe",
    input.probe,
    ...(input.allowTool ? ["--allow-tool", input.allowTool] : []),
    "--every",
    everyFlag(input.intervalSeconds ?? 300),
  ];
  return [
    `FAULTLINE_URL=${shellQuote(url)} FAULTLINE_KEY=${key} \\`,
    `  npx -y -p ${shellQuote(packageUrl(url))} -p ${PROBE_CLIENT_PACKAGE} \\`,
    `  faultline-probe ${shellJoin(own)} -- ${shellJoin(input.command)}`,
  ].join("\n");
}
