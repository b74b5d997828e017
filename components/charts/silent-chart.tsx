"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatTick } from "./outcome-chart";
import { legendText } from "./legend";
import { SERIES_COLORS } from "./palette";

export function SilentChart({ data, bucket }: { data: { t: string; silent: number }[]; bucket: string }) {
  return (
    <div className="h-48 w-full" data-testid="silent-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart
          data={data}
          margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
          title="Silent failures over time"
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
          <Line
            type="stepAfter"
            dataKey="silent"
            name="silent failures"
            stroke={SERIES_COLORS.silent}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
