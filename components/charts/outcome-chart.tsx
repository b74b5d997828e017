"use client";

import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
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
  { key: "ok", name: "ok", color: SERIES_COLORS.ok },
  { key: "silent", name: "silent failure", color: SERIES_COLORS.silent },
  { key: "tool_error", name: "tool error", color: SERIES_COLORS.tool_error },
  { key: "protocol_error", name: "protocol error", color: SERIES_COLORS.protocol_error },
  { key: "transport_error", name: "transport error", color: SERIES_COLORS.transport_error },
];

export function formatTick(iso: string, bucket: string): string {
  const date = new Date(iso);
  return bucket === "day"
    ? date.toLocaleDateString(undefined, { month: "short", day: "numeric" })
    : date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
}

/** Calls over time, stacked by outcome; silent failures are their own series (taken out of ok). */
export function OutcomeChart({ data, bucket }: { data: OutcomePoint[]; bucket: string }) {
  return (
    <div className="h-72 w-full" data-testid="outcome-chart">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" />
          <XAxis
            dataKey="t"
            tickFormatter={(value: string) => formatTick(value, bucket)}
            minTickGap={32}
            fontSize={12}
          />
          <YAxis allowDecimals={false} fontSize={12} width={48} />
          <Tooltip labelFormatter={(value) => new Date(String(value)).toLocaleString()} />
          <Legend />
          {SERIES.map((series) => (
            <Area
              key={series.key}
              type="monotone"
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
