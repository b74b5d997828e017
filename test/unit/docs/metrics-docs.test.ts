import { readFileSync } from "node:fs";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { metrics, renderMetrics } from "../../../lib/metrics";
import { selectedMetrics, substituteGrafanaVariables, syntaxErrors } from "../../helpers/promql";

// docs/grafana-dashboard.json and docs/prometheus-alerts.yml are what a team imports first:
// they must parse, every expression must be PromQL by Prometheus' own grammar, and select
// only metrics — and group and match only on labels — that /metrics really exposes.
// docs/METRICS.md must describe every metric and label.

interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
interface Panel {
  title: string;
  datasource: { type: string; uid: string };
  targets: { expr: string; datasource: { type: string; uid: string } }[];
}

/** Metric name → the label names its samples carry (a histogram's _bucket, _sum and _count too). */
const exposed = new Map<string, Set<string>>();

beforeAll(async () => {
  // One call's series, so every family has samples with their labels.
  const m = metrics();
  m.toolCalls.declare("p-1", ["billing"], [{ server: "billing", tool: "charge" }]);
  m.toolCalls.record(
    "p-1",
    { server: "billing", tool: "charge" },
    { outcome: "tool_error", category: "business", durationMs: 40 },
  );
  m.callsIngested.inc({ project: "p-1", outcome: "ok", category: "none" });
  const text = await renderMetrics({ view: "instance", projectNames: new Map([["p-1", "payments"]]) });
  for (const family of parsePrometheusTextFormat(text)) {
    const names =
      family.type === "HISTOGRAM"
        ? [family.name, ...["_bucket", "_sum", "_count"].map((suffix) => family.name + suffix)]
        : [family.name];
    for (const name of names) exposed.set(name, new Set());
  }
  // Labels from the text itself (the parser drops a histogram's).
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)\{(.*)\} /.exec(line);
    if (!match) continue;
    for (const label of match[2]!.matchAll(/(\w+)="/g)) exposed.get(match[1]!)?.add(label[1]!);
  }
});

/** Label names an expression groups by or matches on, per selected metric, and in every by (…). */
function labelsUsed(expr: string): { selectors: Map<string, string[]>; grouping: string[] } {
  const selectors = new Map<string, string[]>();
  for (const match of expr.matchAll(/([a-zA-Z_:][\w:]*)\{([^}]*)\}/g)) {
    const labels = [...match[2]!.matchAll(/(\w+)\s*(=~|!~|!=|=)/g)].map((label) => label[1]!);
    selectors.set(match[1]!, [...(selectors.get(match[1]!) ?? []), ...labels]);
  }
  const grouping = [...expr.matchAll(/\bby\s*\(([^)]*)\)/g)].flatMap((match) =>
    match[1]!
      .split(",")
      .map((label) => label.trim())
      .filter(Boolean),
  );
  return { selectors, grouping };
}

function expectValidAgainstExposition(expr: string, where: string) {
  expect(syntaxErrors(expr), `${where}: ${expr}`).toEqual([]);
  const selected = selectedMetrics(expr);
  expect(selected.length, where).toBeGreaterThan(0);
  for (const name of selected) expect(exposed.has(name), `${where} selects ${name}`).toBe(true);
  const { selectors, grouping } = labelsUsed(expr);
  for (const [name, labels] of selectors) {
    for (const label of labels)
      expect(exposed.get(name)?.has(label), `${where}: ${name} has no ${label}`).toBe(true);
  }
  // A grouping label must be on every metric the expression selects (le: a histogram's bucket).
  for (const label of grouping) {
    for (const name of selected)
      expect(exposed.get(name)?.has(label), `${where}: by (${label}) on ${name}`).toBe(true);
  }
}

describe("docs/prometheus-alerts.yml", () => {
  const document = parseYaml(readFileSync("docs/prometheus-alerts.yml", "utf8")) as {
    groups: { name: string; rules: Rule[] }[];
  };
  const rules = document.groups.flatMap((group) => group.rules);

  it("has the rules a team starts with, each complete", () => {
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        "FaultlineServerFailureRate",
        "FaultlineSilentFailureSpike",
        "FaultlineNoCalls",
      ]),
    );
    for (const rule of rules) {
      expect(rule.alert, rule.expr).toMatch(/^Faultline\w+$/);
      expect(rule.for).toMatch(/^\d+[smh]$/);
      expect(["page", "warning"]).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary).toBeTruthy();
    }
  });

  it("every expression is PromQL over metrics and labels /metrics exposes", () => {
    for (const rule of rules) expectValidAgainstExposition(rule.expr, rule.alert ?? rule.record ?? "rule");
  });

  it("annotations only use labels the expression keeps", () => {
    for (const rule of rules) {
      const kept = new Set(labelsUsed(rule.expr).grouping);
      for (const text of Object.values(rule.annotations ?? {})) {
        for (const match of text.matchAll(/\$labels\.(\w+)/g))
          expect(kept.has(match[1]!), `${rule.alert}: ${match[1]}`).toBe(true);
      }
    }
  });
});

describe("docs/grafana-dashboard.json", () => {
  const dashboard = JSON.parse(readFileSync("docs/grafana-dashboard.json", "utf8")) as {
    uid: string;
    title: string;
    panels: Panel[];
    templating: { list: { name: string; type: string; query: unknown; datasource?: { uid: string } }[] };
  };

  it("takes its data source as a template variable, everywhere", () => {
    const variable = dashboard.templating.list.find((candidate) => candidate.type === "datasource");
    expect(variable).toMatchObject({ name: "datasource", query: "prometheus" });
    for (const panel of dashboard.panels) {
      expect(panel.datasource).toEqual({ type: "prometheus", uid: "${datasource}" });
      for (const target of panel.targets) expect(target.datasource.uid).toBe("${datasource}");
    }
    for (const variable of dashboard.templating.list.filter((candidate) => candidate.type === "query")) {
      expect(variable.datasource?.uid).toBe("${datasource}");
    }
  });

  it("charts failure rate per MCP server, per tool, by category, silent failures and p95 latency", () => {
    const titles = dashboard.panels.map((panel) => panel.title);
    for (const wanted of [
      /failure rate per MCP server/i,
      /failure rate per tool/i,
      /by category/i,
      /silent failures/i,
      /p95 latency/i,
    ]) {
      expect(
        titles.some((title) => wanted.test(title)),
        String(wanted),
      ).toBe(true);
    }
  });

  it("every query is PromQL over metrics and labels /metrics exposes", () => {
    for (const panel of dashboard.panels) {
      for (const target of panel.targets)
        expectValidAgainstExposition(substituteGrafanaVariables(target.expr), panel.title);
    }
    for (const variable of dashboard.templating.list.filter((candidate) => candidate.type === "query")) {
      const query = (variable.query as { query: string }).query;
      const match = /^label_values\((.+),\s*(\w+)\)$/.exec(substituteGrafanaVariables(query));
      expect(match, query).not.toBeNull();
      expectValidAgainstExposition(match![1]!, `variable ${variable.name}`);
      expect(exposed.get(selectedMetrics(match![1]!)[0]!)?.has(match![2]!)).toBe(true);
    }
  });
});

describe("docs/METRICS.md", () => {
  const doc = readFileSync("docs/METRICS.md", "utf8");

  it("describes every Faultline metric and every label of the tools/call series, and the bounds", () => {
    for (const name of exposed.keys()) {
      if (!name.startsWith("faultline_") || /_(bucket|sum|count)$/.test(name)) continue;
      expect(doc, name).toContain(`\`${name}\``);
    }
    for (const label of ["project", "project_name", "server", "tool", "outcome", "category", "le"]) {
      expect(doc, label).toContain(`\`${label}\``);
    }
    for (const setting of ["FAULTLINE_METRICS_TOP_SERVERS", "FAULTLINE_METRICS_TOP_TOOLS"])
      expect(doc).toContain(setting);
  });
});
