"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatTick } from "./outcome-chart";
import { SERIES_COLORS } from "./palette";

/** One failure signature's calls per hour: bars, so a spike reads as a spike. */
export function SignatureChart({ data }: { data: { t: string; calls: number }[] }) {
  return (
    <div className="h-48 w-full" data-testid="signature-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }} title="Calls per hour">
          <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" vertical={false} />
          <XAxis
            dataKey="t"
            tickFormatter={(value: string) => formatTick(value, "hour")}
            minTickGap={32}
            fontSize={12}
          />
          <YAxis allowDecimals={false} fontSize={12} width={48} />
          <Tooltip labelFormatter={(value) => new Date(String(value)).toLocaleString()} />
          <Bar dataKey="calls" name="calls" fill={SERIES_COLORS.tool_error} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
