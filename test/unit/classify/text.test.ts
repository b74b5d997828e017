import { describe, expect, it } from "vitest";
import { classify } from "@/lib/classify";
import { boundText, codePointLength, sanitizeText } from "@/lib/classify/text";
import { computeSignature, maskVolatile } from "@/lib/classify/signature";
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
  it("masks ids, numbers, quoted values, UUIDs, timestamps, emails and URLs", () => {
    expect(
      maskVolatile(
        'Order 55107 for "Ada" (lead_8f3k2) failed at 2026-11-28T10:00:00Z, request 3f2a6c1e-9b7d-4e1f-8a2b-1c3d4e5f6a7b, ada@example.com https://x.io/a?b=1 sha 9f86d081884c7d65',
      ),
    ).toBe("order <n> for <quoted> (lead_<id>) failed at <time>, request <uuid>, <email> <url> sha <hex>");
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
