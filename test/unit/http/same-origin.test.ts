import { describe, expect, it } from "vitest";
import { isCrossSiteMutation } from "@/lib/http/same-origin";

const headers = (entries: Record<string, string>) => new Headers(entries);

describe("cross-site mutations", () => {
  it.each([
    ["another site", { origin: "http://evil.example", host: "faultline.example" }],
    ["another port", { origin: "http://faultline.example:8080", host: "faultline.example" }],
    ["an opaque origin", { origin: "null", host: "faultline.example" }],
    ["garbage", { origin: "::::", host: "faultline.example" }],
    [
      "a proxy's host that differs",
      { origin: "https://faultline.example", host: "10.0.0.5:3000", "x-forwarded-host": "other.example" },
    ],
  ])("refuses a POST from %s", (_name, entries) => {
    expect(isCrossSiteMutation("POST", headers(entries))).toBe(true);
  });

  it.each([
    ["this site", { origin: "http://faultline.example", host: "faultline.example" }],
    [
      "this site behind a proxy",
      { origin: "https://faultline.example", host: "10.0.0.5:3000", "x-forwarded-host": "faultline.example" },
    ],
    ["no Origin (not a browser's cross-site form)", { host: "faultline.example" }],
  ])("lets a POST from %s through", (_name, entries) => {
    expect(isCrossSiteMutation("POST", headers(entries))).toBe(false);
  });

  it("never refuses a read", () => {
    expect(isCrossSiteMutation("GET", headers({ origin: "http://evil.example", host: "a" }))).toBe(false);
  });
});
