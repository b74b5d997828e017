"use client";

import {
  Area,
  AreaChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { OUTCOME_WORDS } from "@/lib/outcome-words";
import { legendText } from "./legend";
import { SERIES_COLORS } from "./palette";

export interface OutcomePoint {
  t: string;
  ok: number;
  silent: number;
  tool_error: number;
  protocol_error: number;
  transport_error: number;
}

const SERIES: { key: keyof Omit<OutcomePoint, "t">; name: string; color: string }[] = [
  { key: "ok", name: OUTCOME_WORDS.ok, color: SERIES_COLORS.ok },
  { key: "silent", name: OUTCOME_WORDS.silent_failure, color: SERIES_COLORS.silent },
  { key: "tool_error", name: OUTCOME_WORDS.tool_error, color: SERIES_COLORS.tool_error },
  { key: "protocol_error", name: OUTCOME_WORDS.protocol_error, color: SERIES_COLORS.protocol_error },
  { key: "transport_error", name: OUTCOME_WORDS.transport_error, color: SERIES_COLORS.transport_error },
];

export function formatTick(iso: string, bucket: string): string {
  const date = new Date(iso);
  return bucket === "day"
    ? date.toLocaleDateString(undefined, { month: "short", day: "numeric" })
    : date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
}

/**
 * Calls over time, stacked by outcome; silent failures are their own series (taken out of ok).
 * Steps, not curves: a bucket's count holds for its whole width and a spike stays a spike. Only
 * outcomes present in the window are drawn; the last bucket, still filling, is marked partial.
 */
export function OutcomeChart({ data, bucket }: { data: OutcomePoint[]; bucket: string }) {
  const present = SERIES.filter((series) => data.some((point) => point[series.key] > 0));
  const last = data.at(-1);
  return (
    <div className="h-72 w-full" data-testid="outcome-chart">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart
          data={data}
          margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
          title="Calls over time, by outcome"
        >
          <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" />
          <XAxis
            dataKey="t"
            tickFormatter={(value: string) => formatTick(value, bucket)}
            minTickGap={32}
            fontSize={12}
          />
          <YAxis allowDecimals={false} fontSize={12} width={48} />
          <Tooltip labelFormatter={(value) => new Date(String(value)).toLocaleString()} />
          <Legend formatter={legendText} />
          {last ? (
            <ReferenceLine
              x={last.t}
              stroke="#52525b"
              strokeDasharray="4 3"
              label={{ value: "partial", position: "insideTopRight", fontSize: 11, fill: "#52525b" }}
            />
          ) : null}
          {present.map((series) => (
            <Area
              key={series.key}
              type="stepAfter"
              dataKey={series.key}
              name={series.name}
              stackId="calls"
              stroke={series.color}
              fill={series.color}
              fillOpacity={0.5}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
