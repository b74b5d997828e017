import { createHash } from "node:crypto";

// Schema drift: what changed in a server's tool list between two probe runs, typed by what it
// breaks for the clients already calling it.
//
//   breaking  a tool removed; a required parameter added (or an optional one made required); a
//             parameter's type narrowed or changed; a parameter removed; an output field removed
//   warning   a tool's or parameter's description changed; a default changed; an enum narrowed
//   info      a tool added; an optional parameter added; an enum widened; a type widened; an
//             output field added
//
// A tool list comes from a server: attacker-controlled. It is read within bounds (tools, properties,
// depth, text lengths) and anything beyond is ignored, not an error; every change is said in words
// that quote names clipped.

export type DriftKind = "breaking" | "warning" | "info";

export interface DriftEvent {
  tool: string;
  kind: DriftKind;
  /** What changed, in words: "parameter \"limit\" is now required". */
  change: string;
  /** The JSON path of what changed, from the tool: "inputSchema.properties.limit". */
  path: string;
  before?: unknown;
  after?: unknown;
}

export const DRIFT_LIMITS = {
  tools: 500,
  properties: 200,
  depth: 6,
  text: 2_000,
  name: 200,
  events: 500,
} as const;

export interface ToolShape {
  name: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
}

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const clip = (text: string, max: number = DRIFT_LIMITS.name) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

const text = (value: unknown): string | undefined =>
  typeof value === "string" ? clip(value, DRIFT_LIMITS.text) : undefined;

/** The tools of a tools/list result, bounded: at most DRIFT_LIMITS.tools, by name (first wins). */
export function toolsOf(result: unknown): ToolShape[] {
  const tools = isObject(result) && Array.isArray(result.tools) ? result.tools : [];
  const seen = new Map<string, ToolShape>();
  for (const tool of tools.slice(0, DRIFT_LIMITS.tools)) {
    if (!isObject(tool) || typeof tool.name !== "string" || tool.name === "") continue;
    const name = clip(tool.name);
    if (seen.has(name)) continue;
    seen.set(name, {
      name,
      description: text(tool.description),
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema,
    });
  }
  return [...seen.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** A canonical form of a value (sorted keys, bounded depth): what the fingerprint hashes. */
function canonical(value: unknown, depth = 0): unknown {
  if (depth > DRIFT_LIMITS.depth) return "…";
  if (Array.isArray(value))
    return value.slice(0, DRIFT_LIMITS.properties).map((item) => canonical(item, depth + 1));
  if (isObject(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .slice(0, DRIFT_LIMITS.properties)
        .map((key) => [key, canonical(value[key], depth + 1)]),
    );
  }
  return typeof value === "string" ? clip(value, DRIFT_LIMITS.text) : value;
}

/** A tool list's fingerprint: equal lists (in any order, with keys in any order) hash alike. */
export function fingerprint(tools: ToolShape[]): string {
  return createHash("sha256")
    .update(JSON.stringify(canonical(tools)))
    .digest("hex")
    .slice(0, 32);
}

/** A JSON Schema's types as a set ("integer" counted within "number"). */
function typesOf(schema: Schema): Set<string> | undefined {
  const type = schema.type;
  const list =
    typeof type === "string" ? [type] : Array.isArray(type) ? type.filter((t) => typeof t === "string") : [];
  if (list.length === 0) return undefined;
  return new Set(list as string[]);
}

const accepts = (wide: Set<string>, narrow: Set<string>) =>
  [...narrow].every((type) => wide.has(type) || (type === "integer" && wide.has("number")));

function properties(schema: unknown): Map<string, Schema> {
  if (!isObject(schema) || !isObject(schema.properties)) return new Map();
  return new Map(
    Object.entries(schema.properties)
      .slice(0, DRIFT_LIMITS.properties)
      .filter((entry): entry is [string, Schema] => isObject(entry[1]))
      .map(([key, value]) => [clip(key), value]),
  );
}

function required(schema: unknown): Set<string> {
  if (!isObject(schema) || !Array.isArray(schema.required)) return new Set();
  return new Set(
    schema.required
      .slice(0, DRIFT_LIMITS.properties)
      .filter((key): key is string => typeof key === "string")
      .map((key) => clip(key)),
  );
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** The changes of one schema (an input's or an output's), recursing into object properties. */
function schemaDrift(
  tool: string,
  path: string,
  before: unknown,
  after: unknown,
  side: "input" | "output",
  depth: number,
  events: DriftEvent[],
): void {
  if (depth > DRIFT_LIMITS.depth || events.length >= DRIFT_LIMITS.events) return;
  const push = (kind: DriftKind, change: string, at: string, was?: unknown, now?: unknown) => {
    if (events.length < DRIFT_LIMITS.events)
      events.push({ tool, kind, change, path: at, before: was, after: now });
  };
  const wasProps = properties(before);
  const nowProps = properties(after);
  const wasRequired = required(before);
  const nowRequired = required(after);
  for (const [name, schema] of wasProps) {
    const at = `${path}.properties.${name}`;
    const next = nowProps.get(name);
    if (!next) {
      // A parameter a client sends and the server no longer declares; an output field a client reads and no longer gets.
      push(
        "breaking",
        side === "input" ? `parameter "${name}" removed` : `output field "${name}" removed`,
        at,
        schema,
      );
      continue;
    }
    if (side === "input" && !wasRequired.has(name) && nowRequired.has(name)) {
      push("breaking", `parameter "${name}" is now required`, `${path}.required`, false, true);
    }
    if (side === "input" && wasRequired.has(name) && !nowRequired.has(name)) {
      push("info", `parameter "${name}" is now optional`, `${path}.required`, true, false);
    }
    const wasTypes = isObject(schema) ? typesOf(schema) : undefined;
    const nowTypes = typesOf(next);
    if (wasTypes && nowTypes && !same([...wasTypes].sort(), [...nowTypes].sort())) {
      const widened = side === "input" ? accepts(nowTypes, wasTypes) : accepts(wasTypes, nowTypes);
      push(
        widened ? "info" : "breaking",
        `${side === "input" ? "parameter" : "output field"} "${name}" type ${[...wasTypes].join("|")} → ${[...nowTypes].join("|")}`,
        `${at}.type`,
        [...wasTypes],
        [...nowTypes],
      );
    }
    const wasEnum = Array.isArray(schema.enum) ? schema.enum.slice(0, DRIFT_LIMITS.properties) : undefined;
    const nowEnum = Array.isArray(next.enum) ? next.enum.slice(0, DRIFT_LIMITS.properties) : undefined;
    if (wasEnum && nowEnum && !same(wasEnum, nowEnum)) {
      const removed = wasEnum.filter((value) => !nowEnum.some((other) => same(other, value)));
      push(
        removed.length > 0 ? "warning" : "info",
        removed.length > 0
          ? `parameter "${name}" no longer accepts ${removed
              .map((value) => JSON.stringify(value))
              .slice(0, 5)
              .join(", ")}`
          : `parameter "${name}" accepts more values`,
        `${at}.enum`,
        wasEnum,
        nowEnum,
      );
    }
    if ("default" in schema || "default" in next) {
      if (!same(schema.default, next.default)) {
        push("warning", `parameter "${name}" default changed`, `${at}.default`, schema.default, next.default);
      }
    }
    if (text(schema.description) !== text(next.description)) {
      push(
        "warning",
        `${side === "input" ? "parameter" : "output field"} "${name}" description changed`,
        `${at}.description`,
        text(schema.description),
        text(next.description),
      );
    }
    schemaDrift(tool, at, schema, next, side, depth + 1, events);
  }
  for (const [name] of nowProps) {
    if (wasProps.has(name)) continue;
    const at = `${path}.properties.${name}`;
    if (side === "input" && nowRequired.has(name)) push("breaking", `required parameter "${name}" added`, at);
    else
      push(
        "info",
        side === "input" ? `optional parameter "${name}" added` : `output field "${name}" added`,
        at,
      );
  }
}

/** The drift from one tool list to the next: every change, typed, tools in name order. */
export function toolDrift(before: ToolShape[], after: ToolShape[]): DriftEvent[] {
  const events: DriftEvent[] = [];
  const was = new Map(before.map((tool) => [tool.name, tool]));
  const now = new Map(after.map((tool) => [tool.name, tool]));
  for (const [name, tool] of was) {
    const next = now.get(name);
    if (!next) {
      events.push({ tool: name, kind: "breaking", change: `tool "${name}" removed`, path: "" });
      continue;
    }
    if (tool.description !== next.description) {
      events.push({
        tool: name,
        kind: "warning",
        change: `tool "${name}" description changed`,
        path: "description",
        before: tool.description,
        after: next.description,
      });
    }
    schemaDrift(name, "inputSchema", tool.inputSchema, next.inputSchema, "input", 0, events);
    schemaDrift(name, "outputSchema", tool.outputSchema, next.outputSchema, "output", 0, events);
  }
  for (const [name] of now) {
    if (!was.has(name)) events.push({ tool: name, kind: "info", change: `tool "${name}" added`, path: "" });
  }
  return events.slice(0, DRIFT_LIMITS.events);
}

/** The most severe kind among events, or null when nothing changed. */
export function worstDrift(events: DriftEvent[]): DriftKind | null {
  if (events.some((event) => event.kind === "breaking")) return "breaking";
  if (events.some((event) => event.kind === "warning")) return "warning";
  return events.length > 0 ? "info" : null;
}
