import { describe, expect, it } from "vitest";
import { MAX_NEXT_LENGTH, safeNextPath } from "../../../lib/auth/next-path";

// After sign-in the app redirects to `next`; it must never leave the app's origin,
// whatever tricks the URL parser would resolve.

describe("safeNextPath", () => {
  it.each([
    ["/calls?range=7d", "/calls?range=7d"],
    ["/calls/abc#flags", "/calls/abc#flags"],
    ["/failures?q=%2F%2Fnot-a-host", "/failures?q=%2F%2Fnot-a-host"],
    ["settings", "/settings"],
  ])("keeps the same-origin path %j", (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    "//evil.example/x",
    "/\t/evil.example/x",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "\\\\evil.example",
    "/.//evil.example/x",
    "/..//evil.example",
    "/./\t/evil.example",
    "https://evil.example/",
    "http://faultline.invalid@evil.example/",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    " //evil.example",
    "\u0000//evil.example",
  ])("refuses %j (it resolves off-site)", (next) => {
    const target = safeNextPath(next);
    // Whatever comes back, a browser resolving it from any page of the app stays on the app.
    for (const page of ["https://app.example/login", "https://app.example/login?next=x"]) {
      expect(new URL(target, page).origin).toBe("https://app.example");
    }
  });

  it("answers / for nothing, or for what cannot be parsed", () => {
    expect(safeNextPath(undefined)).toBe("/");
    expect(safeNextPath("")).toBe("/");
    expect(safeNextPath("http://[::1")).toBe("/");
  });

  it("keeps a long shared filter link, and answers / for one longer than any the app makes", () => {
    const long = `/calls?server=${"a".repeat(1500)}&tool=x`;
    expect(safeNextPath(long)).toBe(long);
    expect(safeNextPath(`/calls?q=${"a".repeat(MAX_NEXT_LENGTH)}`)).toBe("/");
  });
});
