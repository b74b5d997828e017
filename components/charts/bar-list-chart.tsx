"use client";

import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { legendText } from "./legend";
import { SERIES_COLORS } from "./palette";

/**
 * A horizontal bar chart of labelled counts (categories, codes, tools). Every bar shows its
 * count and stays visible however small; a bar with an `href` opens the calls behind it (and
 * the same links are in a list for keyboards and screen readers).
 */
export function BarListChart({
  data,
  seriesName,
  color = SERIES_COLORS.tool_error,
  testId,
  title,
}: {
  data: { label: string; value: number; href?: string }[];
  seriesName: string;
  color?: string;
  testId?: string;
  /** The chart's accessible name. */
  title?: string;
}) {
  const router = useRouter();
  const height = Math.max(160, data.length * 28 + 60);
  const linked = data.filter((row) => row.href);
  // Room on the right for the longest count's label (7 px a character at 11 px), beside the longest bar.
  const widestLabel = Math.max(1, ...data.map((row) => row.value.toLocaleString("en-US").length));
  return (
    <div className="w-full" data-testid={testId}>
      <div style={{ height }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            layout="vertical"
            margin={{ top: 4, right: 12 + widestLabel * 7, left: 8, bottom: 4 }}
            title={title ?? seriesName}
          >
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
            <Legend formatter={legendText} />
            <Bar
              dataKey="value"
              name={seriesName}
              fill={color}
              minPointSize={3}
              isAnimationActive={false}
              cursor={linked.length > 0 ? "pointer" : undefined}
              onClick={(entry: { payload?: { href?: string } }) => {
                if (entry.payload?.href) router.push(entry.payload.href);
              }}
            >
              <LabelList
                dataKey="value"
                position="right"
                fontSize={11}
                formatter={(value) =>
                  typeof value === "number" ? value.toLocaleString("en-US") : String(value ?? "")
                }
              />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      {linked.length > 0 ? (
        // For keyboards and screen readers; a link shows (under the chart) while it has focus.
        <ul className="text-sm">
          {linked.map((row) => (
            <li key={row.label}>
              <Link href={row.href!} className="sr-only focus:not-sr-only focus:underline">
                {row.label}: {row.value.toLocaleString("en-US")} {seriesName}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
