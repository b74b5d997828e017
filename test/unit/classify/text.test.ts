import { describe, expect, it } from "vitest";
import { classify } from "@/lib/classify";
import { boundText, codePointLength, sanitizeText } from "@/lib/classify/text";
import { computeSignature, legacySignature, maskVolatile } from "@/lib/classify/signature";
import { textResult } from "./helpers";

describe("text bounding", () => {
  it("keeps short text whole and counts code points, not UTF-16 units", () => {
    expect(boundText("héllo 👋")).toEqual({ text: "héllo 👋", length: 7 });
  });

  it("cuts at 512 code points", () => {
    const bounded = boundText("a".repeat(600));
    expect(bounded.text).toHaveLength(512);
    expect(bounded.length).toBe(600);
  });

  it("never splits a surrogate pair", () => {
    const bounded = boundText("a".repeat(511) + "😀😀");
    expect(bounded.text).toBe("a".repeat(511) + "😀");
    expect(codePointLength(bounded.text)).toBe(512);
    expect(bounded.text.isWellFormed()).toBe(true);
  });

  it("never splits a grapheme (a ZWJ family or a letter with its combining accent)", () => {
    const family = "👨‍👩‍👧"; // 5 code points
    const bounded = boundText("a".repeat(510) + family + "b");
    expect(bounded.text).toBe("a".repeat(510));
    const accented = boundText("a".repeat(511) + "e\u0301" + "x");
    expect(accented.text).toBe("a".repeat(511));
  });

  it("cuts where a full grapheme segmentation would, for any mix of scripts, marks, emoji and CRLF", () => {
    // The reference: segment the whole text and keep whole graphemes up to the limit.
    const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
    const reference = (text: string, limit: number) => {
      let kept = 0;
      let end = 0;
      for (const { segment, index } of graphemes.segment(text)) {
        const size = codePointLength(segment);
        if (kept + size > limit) break;
        kept += size;
        end = index + segment.length;
      }
      return text.slice(0, end);
    };
    const pieces = [
      "a",
      "Z",
      " ",
      "é",
      "\r",
      "\n",
      "\r\n",
      "\u0301",
      "\u200d",
      "😀",
      "👨‍👩‍👧",
      "🇫🇷",
      "🇩",
      "각",
      "\u1100",
      "\u1161",
      "ÿ",
      "\u02ff",
      "\u0300",
      "\u0915\u094d",
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % pieces.length;
    for (let run = 0; run < 3000; run++) {
      const limit = 8 + (run % 24);
      let text = "";
      while (codePointLength(text) < limit + 12) text += pieces[next()];
      expect(boundText(text, limit).text, JSON.stringify(text)).toBe(reference(text, limit));
    }
  });

  it("replaces NUL and lone surrogates, which PostgreSQL text cannot hold", () => {
    expect(sanitizeText("a\u0000b\ud800c")).toBe("a\uFFFDb\uFFFDc");
  });

  it("marks truncated text with text_truncated and keeps the full length", () => {
    const classification = classify({
      method: "tools/call",
      server: "s",
      tool: "t",
      response: textResult("x".repeat(2000)),
    });
    expect(classification.text).toHaveLength(512);
    expect(classification.textLength).toBe(2000);
    expect(classification.flags).toContain("text_truncated");
  });
});

describe("signature", () => {
  it("masks ids of every kind, numbers, quoted values, timestamps, emails and URLs", () => {
    expect(
      maskVolatile(
        'Order 55107 for "Ada" (lead_8f3k2) failed at 2026-11-28T10:00:00Z, request 3f2a6c1e-9b7d-4e1f-8a2b-1c3d4e5f6a7b, ada@example.com https://x.io/a?b=1 sha 9f86d081884c7d65',
      ),
    ).toBe("order <n> for <quoted> (<id>) failed at <time>, request <id>, <email> <url> sha <id>");
  });

  const failure = (text: string, overrides: Record<string, string> = {}) =>
    computeSignature({
      server: "crm",
      tool: "refund",
      outcome: "tool_error",
      category: "business",
      errorCode: "x",
      text,
      ...overrides,
    });

  it("groups the same problem with different volatile values", () => {
    expect(failure("Order 55107 was delivered 61 days ago")).toBe(
      failure("Order 99 was delivered 50 days ago"),
    );
  });

  it("separates different problems, tools and codes", () => {
    const base = failure("Order 1 was delivered 61 days ago");
    expect(failure("Card declined")).not.toBe(base);
    expect(failure("Order 1 was delivered 61 days ago", { tool: "charge" })).not.toBe(base);
    expect(failure("Order 1 was delivered 61 days ago", { errorCode: "y" })).not.toBe(base);
  });
});

describe("signature masks of version 2: unquoted paths, hosts, file names and ids", () => {
  const signature = (text: string) =>
    computeSignature({
      server: "fs",
      tool: "read",
      outcome: "tool_error",
      category: "validation",
      errorCode: "enoent",
      text,
    });

  it.each([
    [
      "ENOENT: no such file or directory, open /srv/data/a.csv",
      "ENOENT: no such file or directory, open /home/ann/notes/todo.md",
      "ENOENT: no such file or directory, open ./reports/q3/summary.pdf",
    ],
    [
      "getaddrinfo ENOTFOUND db.internal.example.com",
      "getaddrinfo ENOTFOUND cache-2.eu-west-1.internal",
      "getaddrinfo ENOTFOUND api.stripe.test",
    ],
    ["Index x9f3kq2 is closed", "Index ab12cd34 is closed", "Index v2 is closed"],
    ["could not open report.pdf", "could not open budget.xlsx", "could not open C:\\Users\\ann\\q3.docx"],
  ])("the same cause is one signature: %s", (...texts) => {
    expect(new Set(texts.map(signature)).size).toBe(1);
  });

  it("keeps different causes apart", () => {
    const paths = [
      "ENOENT: no such file or directory, open /srv/a.csv",
      "EACCES: permission denied, open /srv/a.csv",
      "EISDIR: illegal operation on a directory, read /srv/a",
      "Table /srv/a.csv is locked",
    ];
    expect(new Set(paths.map(signature)).size).toBe(paths.length);
    expect(signature("could not connect to db.internal")).not.toBe(signature("could not read db.internal"));
  });

  it("maps each old signature to exactly one new one (the new masks refine the old masks' output)", () => {
    const parts = (text: string) => ({
      server: "fs",
      tool: "read",
      outcome: "tool_error",
      category: "validation",
      errorCode: "enoent",
      text,
    });
    // Two texts with one old signature have one new signature too.
    const a = parts("open /srv/a.csv failed after 3 tries");
    const b = parts("open /srv/a.csv failed after 12 tries");
    expect(legacySignature(a)).toBe(legacySignature(b));
    expect(computeSignature(a)).toBe(computeSignature(b));
  });
});
