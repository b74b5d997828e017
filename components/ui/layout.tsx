import type { ReactNode } from "react";

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? (
          <p className="mt-1 max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
        ) : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

export function Card({
  title,
  children,
  className = "",
}: {
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      className={`rounded-lg border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900 ${className}`}
    >
      {title ? <h2 className="mb-3 text-sm font-medium text-zinc-700 dark:text-zinc-300">{title}</h2> : null}
      {children}
    </section>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div
      className="rounded-lg border border-dashed border-zinc-300 bg-white p-8 text-center dark:border-zinc-700 dark:bg-zinc-900"
      data-testid="empty-state"
    >
      <p className="font-medium">{title}</p>
      {children ? <div className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{children}</div> : null}
    </div>
  );
}

export function FirstCallHelp() {
  return (
    <div className="space-y-2 text-left">
      <p>
        Send a call to the webhook with an ingest key (printed once at first start, or `npm run keys --
        create`):
      </p>
      <pre className="overflow-x-auto rounded bg-zinc-100 p-3 text-xs dark:bg-zinc-800">{`curl -s http://localhost:3000/api/v1/calls \\
  -H "Authorization: Bearer $FAULTLINE_KEY" -H "Content-Type: application/json" \\
  -d '{"server":"crm","tool":"lookup_lead","isError":false,"text":"ok"}'`}</pre>
      <p>
        Or fill this instance with realistic traffic: <code className="font-mono">npm run demo</code>.
      </p>
    </div>
  );
}
