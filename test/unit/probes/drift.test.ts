import { describe, expect, it } from "vitest";
import { DRIFT_LIMITS, fingerprint, toolDrift, toolsOf, worstDrift } from "../../../lib/probes/drift";

// Schema drift between two tools/list answers, typed by what it breaks for clients already calling.

const search = {
  name: "search",
  description: "Search the index",
  inputSchema: {
    type: "object",
    properties: {
      query: { type: "string", description: "What to look for" },
      limit: { type: "integer", default: 10 },
      sort: { type: "string", enum: ["relevance", "date", "title"] },
    },
    required: ["query"],
  },
  outputSchema: { type: "object", properties: { hits: { type: "array" }, total: { type: "integer" } } },
};
const list = (...tools: object[]) => toolsOf({ tools });
const changed = (edit: (tool: typeof search) => object) =>
  toolDrift(list(search), list(edit(structuredClone(search) as typeof search)));
const kinds = (events: { kind: string; change: string }[]) =>
  events.map((event) => [event.kind, event.change]);

describe("schema drift", () => {
  it("breaking: a tool removed, a required parameter added, a parameter made required or removed, a type narrowed, an output field removed", () => {
    expect(kinds(toolDrift(list(search), list()))).toEqual([["breaking", 'tool "search" removed']]);
    expect(
      kinds(
        changed((tool) => {
          tool.inputSchema.properties = {
            ...tool.inputSchema.properties,
            index: { type: "string" },
          } as never;
          tool.inputSchema.required = ["query", "index"];
          return tool;
        }),
      ),
    ).toEqual([["breaking", 'required parameter "index" added']]);
    expect(
      kinds(
        changed((tool) => ({ ...tool, inputSchema: { ...tool.inputSchema, required: ["query", "limit"] } })),
      ),
    ).toEqual([["breaking", 'parameter "limit" is now required']]);
    expect(
      kinds(
        changed((tool) => {
          delete (tool.inputSchema.properties as Record<string, unknown>).sort;
          return tool;
        }),
      ),
    ).toEqual([["breaking", 'parameter "sort" removed']]);
    expect(
      kinds(
        changed((tool) => {
          tool.inputSchema.properties.query = { type: "integer" } as never;
          return tool;
        }),
      ),
    ).toContainEqual(["breaking", 'parameter "query" type string → integer']);
    expect(
      kinds(
        changed((tool) => {
          delete (tool.outputSchema.properties as Record<string, unknown>).total;
          return tool;
        }),
      ),
    ).toEqual([["breaking", 'output field "total" removed']]);
  });

  it("warning: a description or default changed, an enum narrowed", () => {
    expect(kinds(changed((tool) => ({ ...tool, description: "Search the index (beta)" })))).toEqual([
      ["warning", 'tool "search" description changed'],
    ]);
    expect(
      kinds(
        changed((tool) => {
          tool.inputSchema.properties.limit = { type: "integer", default: 50 } as never;
          return tool;
        }),
      ),
    ).toEqual([["warning", 'parameter "limit" default changed']]);
    expect(
      kinds(
        changed((tool) => {
          tool.inputSchema.properties.sort = { type: "string", enum: ["relevance", "date"] } as never;
          return tool;
        }),
      ),
    ).toEqual([["warning", 'parameter "sort" no longer accepts "title"']]);
  });

  it("info: a tool or an optional parameter added, a type widened, an enum widened", () => {
    expect(
      kinds(toolDrift(list(search), list(search, { name: "fetch", inputSchema: { type: "object" } }))),
    ).toEqual([["info", 'tool "fetch" added']]);
    expect(
      kinds(
        changed((tool) => {
          tool.inputSchema.properties = { ...tool.inputSchema.properties, lang: { type: "string" } } as never;
          return tool;
        }),
      ),
    ).toEqual([["info", 'optional parameter "lang" added']]);
    expect(
      kinds(
        changed((tool) => {
          tool.inputSchema.properties.limit = { type: "number", default: 10 } as never;
          return tool;
        }),
      ),
    ).toEqual([["info", 'parameter "limit" type integer → number']]);
    expect(worstDrift(toolDrift(list(search), list(search)))).toBeNull();
  });

  it("fingerprints a list whatever its order and its keys' order; a change changes it", () => {
    const reordered = {
      ...search,
      inputSchema: { required: ["query"], properties: search.inputSchema.properties, type: "object" },
    };
    const other = { name: "fetch", inputSchema: { type: "object" } };
    expect(fingerprint(list(search, other))).toBe(fingerprint(list(other, reordered)));
    expect(fingerprint(list(search))).not.toBe(fingerprint(list({ ...search, description: "x" })));
  });

  it("reads a hostile list within bounds: too many tools, huge names, deep schemas", () => {
    const many = Array.from({ length: 5_000 }, (_, index) => ({
      name: `t${index}`,
      inputSchema: { type: "object" },
    }));
    expect(toolsOf({ tools: many })).toHaveLength(DRIFT_LIMITS.tools);
    let deep: Record<string, unknown> = { type: "string" };
    for (let level = 0; level < 1_000; level += 1) deep = { type: "object", properties: { x: deep } };
    const huge = { name: "n".repeat(100_000), inputSchema: deep };
    const [tool] = toolsOf({ tools: [huge] });
    expect(tool!.name.length).toBe(DRIFT_LIMITS.name);
    expect(() => toolDrift([tool!], [{ ...tool!, inputSchema: { type: "object" } }])).not.toThrow();
    expect(toolsOf("not a list")).toEqual([]);
  });
});
