import type { SyntaxNode } from "@lezer/common";
import { parser } from "@prometheus-io/lezer-promql";

// PromQL as Prometheus' own grammar reads it (@prometheus-io/lezer-promql, the parser of the
// Prometheus web UI), for checking the shipped dashboard and alert expressions: that they
// parse, which metrics they select, and — for the failure-rate expressions — what they compute
// over two scrapes of /metrics, the way Prometheus would over the window between them.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Grafana's variables as a dashboard with "All" selected hands them to Prometheus. */
export function substituteGrafanaVariables(expr: string): string {
  return expr
    .replaceAll("$__rate_interval", "5m")
    .replaceAll("$__interval", "1m")
    .replace(/\$\{?(project|server)\}?/g, ".*");
}

/** The syntax errors Prometheus' grammar finds (their positions), none for a valid expression. */
export function syntaxErrors(expr: string): number[] {
  const errors: number[] = [];
  parser.parse(expr).iterate({
    enter(node) {
      if (node.type.isError) errors.push(node.from);
    },
  });
  return errors;
}

/** The metric names an expression selects. */
export function selectedMetrics(expr: string): string[] {
  const names = new Set<string>();
  parser.parse(expr).iterate({
    enter(node) {
      if (node.name === "VectorSelector") {
        const identifier = node.node.getChild("Identifier");
        if (identifier) names.add(expr.slice(identifier.from, identifier.to));
      }
    },
  });
  return [...names];
}

type Vector = Map<string, { labels: Record<string, string>; value: number }>;

const seriesKey = (labels: Record<string, string>) =>
  JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));

/**
 * Evaluates the subset of PromQL the failure-rate expressions use — sum by, rate/increase of
 * a selector with label matchers, topk, parentheses, `/` between vectors of the same labels,
 * a filter by `>` or `>=` a number, and `and`
 * — with increase() the growth of each counter from `before` to `after` (a counter that went
 * down restarted: its growth is its new value, as Prometheus counts a reset).
 */
export function evaluate(expr: string, before: Sample[], after: Sample[], windowSeconds: number): Vector {
  const tree = parser.parse(expr);
  const text = (node: SyntaxNode) => expr.slice(node.from, node.to);
  const children = (node: SyntaxNode) => {
    const list: SyntaxNode[] = [];
    for (let child = node.firstChild; child; child = child.nextSibling) list.push(child);
    return list;
  };

  const select = (selector: SyntaxNode, samples: Sample[]): Sample[] => {
    const name = text(selector.getChild("Identifier")!);
    const matchers = (selector.getChild("LabelMatchers") ? children(selector.getChild("LabelMatchers")!) : [])
      .filter((node) => node.name === "UnquotedLabelMatcher")
      .map((node) => ({
        label: text(node.getChild("LabelName")!),
        op: text(node.getChild("MatchOp")!),
        value: JSON.parse(text(node.getChild("StringLiteral")!)) as string,
      }));
    return samples.filter(
      (sample) =>
        sample.name === name &&
        matchers.every(({ label, op, value }) => {
          const actual = sample.labels[label] ?? "";
          if (op === "=") return actual === value;
          if (op === "!=") return actual !== value;
          const matches = new RegExp(`^(?:${value})$`).test(actual);
          return op === "=~" ? matches : !matches;
        }),
    );
  };

  const growth = (selector: SyntaxNode): Vector => {
    const was = new Map(select(selector, before).map((sample) => [seriesKey(sample.labels), sample.value]));
    const vector: Vector = new Map();
    for (const sample of select(selector, after)) {
      const key = seriesKey(sample.labels);
      const previous = was.get(key) ?? 0;
      vector.set(key, {
        labels: sample.labels,
        value: sample.value >= previous ? sample.value - previous : sample.value,
      });
    }
    return vector;
  };

  const visit = (node: SyntaxNode): Vector => {
    switch (node.name) {
      case "PromQL":
      case "ParenExpr":
      case "FunctionCallBody":
        return visit(children(node).find((child) => !["(", ")"].includes(child.name))!);
      case "FunctionCall": {
        const fn = text(node.getChild("FunctionIdentifier")!);
        const matrix = node.getChild("FunctionCallBody")!.getChild("MatrixSelector");
        if (!matrix || (fn !== "rate" && fn !== "increase")) throw new Error(`unsupported: ${text(node)}`);
        const vector = growth(matrix.getChild("VectorSelector")!);
        if (fn === "rate") for (const entry of vector.values()) entry.value /= windowSeconds;
        return vector;
      }
      case "AggregateExpr": {
        const op = text(node.getChild("AggregateOp")!);
        const body = children(node.getChild("FunctionCallBody")!).filter(
          (child) => !["(", ")", ","].includes(child.name),
        );
        if (op === "topk") {
          const k = Number(text(body[0]!));
          return new Map([...visit(body[1]!)].sort(([, a], [, b]) => b.value - a.value).slice(0, k));
        }
        if (op !== "sum") throw new Error(`unsupported: ${op}`);
        const modifier = node.getChild("AggregateModifier");
        if (modifier && !modifier.getChild("By")) throw new Error("only sum by (…) is supported");
        const by = modifier
          ? children(modifier.getChild("GroupingLabels")!)
              .filter((child) => child.name === "LabelName")
              .map(text)
          : [];
        const vector: Vector = new Map();
        for (const { labels, value } of visit(body[0]!).values()) {
          const grouped = Object.fromEntries(by.map((label) => [label, labels[label] ?? ""]));
          const key = seriesKey(grouped);
          const entry = vector.get(key) ?? { labels: grouped, value: 0 };
          entry.value += value;
          vector.set(key, entry);
        }
        return vector;
      }
      case "BinaryExpr": {
        const [left, op, right] = children(node);
        if (op?.name === "And") {
          const keep = visit(right!);
          return new Map([...visit(left!)].filter(([key]) => keep.has(key)));
        }
        if (op?.name === "Gtr" || op?.name === "Gte") {
          if (right?.name !== "NumberDurationLiteral") throw new Error(`unsupported: ${text(node)}`);
          const bound = Number(text(right));
          return new Map(
            [...visit(left!)].filter(([, { value }]) => (op.name === "Gtr" ? value > bound : value >= bound)),
          );
        }
        if (op?.name !== "Div") throw new Error(`unsupported: ${text(op!)}`);
        const numerator = visit(left!);
        const denominator = visit(right!);
        const vector: Vector = new Map();
        for (const [key, entry] of numerator) {
          const divisor = denominator.get(key);
          if (divisor) vector.set(key, { labels: entry.labels, value: entry.value / divisor.value });
        }
        return vector;
      }
      default:
        throw new Error(`unsupported: ${node.name} ${text(node)}`);
    }
  };
  return visit(tree.topNode);
}
