import { CategoryBadge, CodeChip, OutcomeBadge } from "@/components/ui/badges";
import { Card } from "@/components/ui/layout";
import { LocalTime } from "@/components/ui/local-time";
import { observerLabel } from "@/lib/ingest/routes";
import type { CallWithObservations } from "@/lib/queries/calls";

// What each route saw of one call (docs/ROUTES.md): the call above is merged from these. Every
// value is shown as inert text, as the rest of the page.

export function ObservationsCard({ call }: { call: CallWithObservations }) {
  const observations = call.observations ?? [];
  const title =
    observations.length > 1
      ? `Seen by ${observations.length} routes — one call, each route's report of it`
      : "Seen by";
  return (
    <Card title={title}>
      {observations.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="observations">
          {call.routes.length
            ? `${call.routes.map(observerLabel).join(" + ")}: its report is the call above.`
            : "Its sender did not say which route it came by."}
        </p>
      ) : (
        <ul className="space-y-3" data-testid="observations">
          {observations.map((observation) => (
            <li
              key={observation.id}
              className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800"
              data-testid="observation"
            >
              <div className="flex flex-wrap items-center gap-2">
                <strong data-testid="observation-route">{observerLabel(observation.observer)}</strong>
                {observation.library ? (
                  <span className="text-xs text-zinc-600 dark:text-zinc-400">{observation.library}</span>
                ) : null}
                <OutcomeBadge outcome={observation.outcome} silent={observation.silentFailure} />
                <CategoryBadge category={observation.category} />
                <CodeChip code={observation.errorCode} />
              </div>
              <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
                <LocalTime value={observation.occurredAt} />
                {observation.durationMs === null
                  ? ""
                  : ` · ${Math.round(observation.durationMs * 10) / 10} ms`}
                {observation.httpStatus ? ` · HTTP ${observation.httpStatus}` : ""}
                {observation.transportError ? ` · ${observation.transportError}` : ""}
                {observation.exception
                  ? ` · threw ${observation.exception.name}${observation.exception.code !== undefined ? ` (${String(observation.exception.code)})` : ""}`
                  : ""}
              </p>
              {observation.text && observation.text !== call.text ? (
                <pre className="mt-2 max-h-32 overflow-auto rounded bg-zinc-100 p-2 font-mono text-xs break-all whitespace-pre-wrap dark:bg-zinc-800">
                  {observation.text}
                </pre>
              ) : null}
              <p className="mt-1 font-mono text-[11px] break-all text-zinc-500 dark:text-zinc-400">
                {observation.id}
                {observation.requestId !== null ? ` · JSON-RPC id ${observation.requestId}` : ""}
                {observation.traceKey ? ` · trace ${observation.traceKey}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
