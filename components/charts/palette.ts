// One colour per outcome, shared by every chart and its legend.
export const SERIES_COLORS = {
  ok: "#10b981",
  silent: "#f59e0b",
  tool_error: "#f97316",
  protocol_error: "#8b5cf6",
  transport_error: "#ef4444",
  neutral: "#71717a",
} as const;
