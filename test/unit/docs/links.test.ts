import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The README is the front door and the reference lives in docs/, bench/README.md and the reporter
// package's own README: every document they, and the code's comments, name must exist, and every
// relative link between them must lead to a file (and, with a #fragment, to a heading of it).

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** Files written by a run, named by the documents but not kept in the repository. */
const GENERATED = new Set(["bench/results.json"]);

function files(dir: string, keep: (file: string) => boolean): string[] {
  const absolute = path.join(ROOT, dir);
  if (!existsSync(absolute)) return [];
  return (readdirSync(absolute, { recursive: true }) as string[])
    .map((file) => path.posix.join(dir, file.split(path.sep).join("/")))
    .filter((file) => !/(^|\/)(node_modules|dist|\.next)\//.test(file) && keep(file));
}

const markdown = [
  "README.md",
  ...files("docs", (file) => /^docs\/[^/]+\.md$/.test(file)),
  "bench/README.md",
  "lib/reporter/README.md",
  "lib/reporter/CHANGELOG.md",
];
const code = ["lib", "app", "components"].flatMap((dir) => files(dir, (file) => /\.tsx?$/.test(file)));

/** Text outside fenced code blocks (a `# comment` in a shell block is not a heading, nor a link). */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
}

/** Repository paths a text names: docs/…, bench/…, and Markdown files under lib/. */
function mentionedPaths(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(
    /(?<![\w./@-])((?:docs|bench)\/[\w.-]+(?:\/[\w.-]+)*|lib\/[\w/.-]+\.md)/g,
  )) {
    found.add(match[1]!.replace(/[.]+$/, ""));
  }
  return [...found];
}

/** Relative Markdown links and images of a document: [text](target) with no scheme, not in code. */
function relativeLinks(text: string): string[] {
  const links: string[] = [];
  for (const match of prose(text)
    .replace(/`[^`\n]*`/g, "")
    .matchAll(/!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    links.push(target);
  }
  return links;
}

/** GitHub's anchors for a document's headings. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const match of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = match[1]!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/[`*]/g, "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

function exists(file: string): boolean {
  return existsSync(path.join(ROOT, file));
}

describe("documentation paths and links", () => {
  it("finds the documents it checks", () => {
    expect(markdown.length).toBeGreaterThan(10);
    for (const file of markdown) expect(exists(file), file).toBe(true);
    expect(code.length).toBeGreaterThan(100);
  });

  it("every docs/, bench/ and lib/…/*.md path the documents and the code name exists", () => {
    const missing: string[] = [];
    for (const file of [...markdown, ...code]) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const mention of mentionedPaths(text)) {
        if (!GENERATED.has(mention) && !exists(mention)) missing.push(`${file}: ${mention}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("every relative link in the README and docs/ leads to a file, and its #fragment to a heading", () => {
    const broken: string[] = [];
    for (const file of markdown) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const link of relativeLinks(text)) {
        const [target = "", fragment] = link.split("#");
        const resolved = target
          ? path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(target)))
          : file;
        if (resolved.startsWith("..") || !exists(resolved)) {
          broken.push(`${file}: ${link} (no ${resolved})`);
          continue;
        }
        if (fragment && resolved.endsWith(".md") && statSync(path.join(ROOT, resolved)).isFile()) {
          const headings = anchors(readFileSync(path.join(ROOT, resolved), "utf8"));
          if (!headings.has(fragment))
            broken.push(`${file}: ${link} (no heading #${fragment} in ${resolved})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("the reporter package's README links nowhere relative (it is also its page on npm)", () => {
    for (const file of ["lib/reporter/README.md", "lib/reporter/CHANGELOG.md"]) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      expect(
        relativeLinks(text).filter((link) => !link.startsWith("#")),
        file,
      ).toEqual([]);
    }
  });

  it("the README names every document in docs/ and bench/README.md", () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    const linked = new Set(relativeLinks(readme).map((link) => link.split("#")[0]));
    for (const file of markdown.filter((file) => file !== "README.md"))
      expect(linked.has(file), `README.md links ${file}`).toBe(true);
  });
});

describe("the checks themselves", () => {
  it("find paths, links and anchors as GitHub renders them", () => {
    expect(
      mentionedPaths("see docs/API.md. And bench/PROFILE.md, lib/reporter/README.md; /docs/x.md"),
    ).toEqual(["docs/API.md", "bench/PROFILE.md", "lib/reporter/README.md"]);
    expect(
      relativeLinks("[a](docs/A.md#x) ![i](b.png) [w](https://x.y) `![x](…)`\n```\n[c](d.md)\n```\n"),
    ).toEqual(["docs/A.md#x", "b.png"]);
    expect([
      ...anchors("# Webhook: `POST /api/v1/calls`\n## 5. `calls` in day partitions\n## Keys\n## Keys\n"),
    ]).toEqual(["webhook-post-apiv1calls", "5-calls-in-day-partitions", "keys", "keys-1"]);
  });
});
