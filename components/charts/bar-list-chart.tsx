"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { SERIES_COLORS } from "./palette";

/** A horizontal bar chart of labelled counts (categories, codes, tools). */
export function BarListChart({
  data,
  seriesName,
  color = SERIES_COLORS.tool_error,
  testId,
}: {
  data: { label: string; value: number }[];
  seriesName: string;
  color?: string;
  testId?: string;
}) {
  const height = Math.max(160, data.length * 28 + 60);
  return (
    <div style={{ height }} className="w-full" data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, left: 8, bottom: 4 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" horizontal={false} />
          <XAxis type="number" allowDecimals={false} fontSize={12} />
          <YAxis
            type="category"
            dataKey="label"
            width={150}
            fontSize={12}
            tickFormatter={(value: string) => (value.length > 22 ? `${value.slice(0, 21)}…` : value)}
          />
          <Tooltip />
          <Legend />
          <Bar dataKey="value" name={seriesName} fill={color} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
