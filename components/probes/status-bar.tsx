import { statusSummary, type StatusBarDay } from "@/lib/probes/status";

// The last 90 UTC days of a server's probe runs, a thin bar a day as status pages draw them:
// green all passed, red any failed, grey no runs. Each bar says its day in words on hover (title)
// and to a screen reader (a list of days); the sentence above it sums the bar up.

const STATE_CLASS: Record<StatusBarDay["state"], string> = {
  passed: "bg-emerald-500 dark:bg-emerald-500",
  failed: "bg-red-600 dark:bg-red-500",
  none: "bg-zinc-300 dark:bg-zinc-700",
};

export function StatusBar({ days }: { days: StatusBarDay[] }) {
  return (
    <div data-testid="probe-status-bar">
      <p className="mb-1 text-xs text-zinc-600 dark:text-zinc-400">{statusSummary(days)}</p>
      <ol
        className="flex h-8 items-stretch gap-px sm:gap-0.5"
        aria-label={`Probe runs per UTC day, the last ${days.length} days`}
      >
        {days.map((day) => (
          <li
            key={day.day}
            title={day.label}
            className={`min-w-0 flex-1 rounded-sm ${STATE_CLASS[day.state]}`}
            data-state={day.state}
            data-day={day.day}
          >
            <span className="sr-only">{day.label}</span>
          </li>
        ))}
      </ol>
      <div className="mt-1 flex justify-between text-xs text-zinc-600 dark:text-zinc-400" aria-hidden="true">
        <span>{days.length} days ago</span>
        <span>today (UTC)</span>
      </div>
    </div>
  );
}
