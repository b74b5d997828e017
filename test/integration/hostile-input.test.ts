import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textResult, toolErrorResult } from "../fixtures/jsonrpc";
import { startTestApi, type TestApi } from "../helpers/api";

// Strings and documents no real sender produces, through the real route and PostgreSQL:
// each is answered with a 2xx or a 4xx naming the field, never a 5xx, and never at the cost
// of the valid calls beside it.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi("hostile_input");
});
afterAll(async () => api?.close());

const valid = (id: string) => ({ id, server: "s", tool: "t", isError: false, text: "fine" });
const LONE = "\ud800";

describe("lone surrogates", () => {
  const labels = [
    "id",
    "server",
    "tool",
    "sessionId",
    "agent",
    "errorCode",
    "method",
    "protocolVersion",
    "transportError",
  ];

  it.each(labels)(
    "in %s: that call is rejected by name (207), the valid call beside it is stored",
    async (field) => {
      const bad = { ...valid(`bad-${field}`), [field]: `x${LONE}y` };
      const { status, body } = await api.post({ calls: [valid(`ok-${field}`), bad] });
      expect(status).toBe(207);
      expect(body.rejected).toEqual([
        {
          index: 1,
          errors: [{ path: field, message: expect.stringMatching(/^must be well-formed Unicode/) }],
        },
      ]);
      expect((await api.get(`/api/v1/calls/ok-${field}`)).status).toBe(200);
    },
  );

  it.each([
    ["text", { text: `Error: bad ${LONE} input` }],
    ["a content block", { response: textResult(`Error: bad ${LONE} input`) }],
    ["an isError text", { response: toolErrorResult(`failed ${LONE}`, "x_code") }],
    [
      "structuredContent",
      { response: textResult("ok", { structuredContent: { error: { message: `${LONE}` } } }) },
    ],
    ["clientError.message", { clientError: { name: "TypeError", message: `fetch failed ${LONE}` } }],
    ["a raw body", { httpStatus: 502, response: `<html><title>502 ${LONE}</title></html>` }],
  ])("in %s: stored, with the surrogate replaced", async (label, fields) => {
    const id = `free-${label.replace(/\W+/g, "-")}`;
    const { status } = await api.post({ ...valid(id), ...fields });
    expect(status).toBe(200);
    const stored = await api.get<{ text: string }>(`/api/v1/calls/${id}`);
    expect(stored.status).toBe(200);
    expect(stored.body.text.isWellFormed()).toBe(true);
  });
});

describe("deep JSON inside a text", () => {
  const open = (depth: number) => '{"a":'.repeat(depth);
  const closed = (depth: number) => `${open(depth)}1${"}".repeat(depth)}`;

  it.each([
    ["20,000 levels, unclosed", "t", open(20_000)],
    ["20,000 levels, closed", "t", closed(20_000)],
    ["5,000 levels to an identity tool", "viewer", closed(5_000)],
    ["100,000 levels to an identity tool", "get_me", closed(100_000)],
  ])("%s: classified as text, stored, never a 500", async (label, tool, text) => {
    const id = `deep-${label.replace(/\W+/g, "-")}`;
    for (const fields of [{ text }, { response: textResult(text) }, { response: toolErrorResult(text) }]) {
      const { status, body } = await api.post({
        calls: [{ ...valid(id), tool, ...fields }, valid(`${id}-beside`)],
      });
      expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
    }
    expect((await api.get(`/api/v1/calls/${id}`)).status).toBe(200);
  });

  it("a response string that is deep JSON is read as a body, not parsed into a stack overflow", async () => {
    const { status } = await api.post({ ...valid("deep-body"), httpStatus: 500, response: closed(50_000) });
    expect(status).toBe(200);
  });
});
