"use client";

import { useActionState, useEffect, useState } from "react";
import { Card } from "@/components/ui/layout";
import { Link } from "@/components/ui/link";
import { CopyableValue, Snippet } from "@/components/ui/snippet";
import { connectRoutes } from "@/lib/connect/snippets";
import { createKeyAction } from "../actions";

const button =
  "rounded-md bg-zinc-900 px-3 py-1.5 text-sm text-white disabled:opacity-50 dark:bg-zinc-100 dark:text-zinc-900";

/** Every way in, with this instance's URL and — once made here — a new ingest key filled in. */
export function ConnectRoutes({ baseUrl, project }: { baseUrl: string; project: string }) {
  const [state, action, pending] = useActionState(createKeyAction, null);
  const key = state?.ok ? state.key : undefined;
  const routes = connectRoutes({ baseUrl, key });
  return (
    <div className="space-y-4">
      <Card title="A key for these snippets">
        <form action={action} className="flex flex-wrap items-center gap-3 text-sm">
          <input type="hidden" name="project" value={project} />
          <input type="hidden" name="name" value="connect page" />
          <input type="hidden" name="scopes" value="ingest" />
          <p className="min-w-0">
            {key
              ? "This ingest key is in every snippet below. Copy it now: it is not shown again."
              : `The snippets say flk_… where your ingest key goes. Make one for ${project} and it is filled in.`}
          </p>
          {key ? null : (
            <button type="submit" disabled={pending} className={button}>
              Create an ingest key
            </button>
          )}
        </form>
        {state && !state.ok ? (
          <p role="status" className="mt-2 text-sm text-red-700 dark:text-red-400">
            {state.message}
          </p>
        ) : null}
        {key ? (
          <div className="mt-2">
            <CopyableValue
              value={key}
              what="the new key"
              testId="connect-key"
              className="bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
            />
          </div>
        ) : null}
      </Card>
      {routes.map((route) => (
        <Card key={route.id} title={route.title}>
          <div className="space-y-3" data-testid={`connect-${route.id}`}>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{route.intro}</p>
            {route.id === "probe" ? (
              <p className="text-sm">
                <Link href="/settings/probes" className="font-medium underline">
                  Settings → Probes
                </Link>
              </p>
            ) : null}
            {route.snippets.map((snippet) => (
              <Snippet
                key={snippet.name}
                label={snippet.label}
                name={snippet.name}
                text={snippet.text}
                note={snippet.note}
              />
            ))}
          </div>
        </Card>
      ))}
    </div>
  );
}

interface LatestCall {
  id: string;
  server: string;
  tool: string | null;
  method: string;
  outcome: string;
  receivedAt: string;
}

/** Polls for the newest call of the project and says when calls arrive (from any way in). */
export function FirstCallStatus() {
  const [latest, setLatest] = useState<LatestCall | null | undefined>(undefined);
  useEffect(() => {
    let stopped = false;
    const look = async () => {
      try {
        const response = await fetch("/api/v1/calls?limit=1", { cache: "no-store" });
        if (response.ok) {
          const body = (await response.json()) as { calls: LatestCall[] };
          if (!stopped) setLatest(body.calls[0] ?? null);
        }
      } catch {
        // The next look tries again.
      }
    };
    void look();
    const timer = setInterval(() => void look(), 3_000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);
  if (latest === undefined) return <p className="text-sm">Looking for calls…</p>;
  if (latest === null) {
    return (
      <p className="text-sm" role="status" data-testid="first-call">
        No call has arrived yet. This line changes as soon as one does, from any of the ways in below.
      </p>
    );
  }
  return (
    <p className="text-sm" role="status" data-testid="first-call">
      Calls are arriving. The latest:{" "}
      <a href={`/calls/${encodeURIComponent(latest.id)}`} className="font-medium underline wrap-anywhere">
        {latest.server}
        {latest.tool ? ` / ${latest.tool}` : ` (${latest.method})`}
      </a>{" "}
      — {latest.outcome.replaceAll("_", " ")}, received {new Date(latest.receivedAt).toLocaleTimeString()}.
    </p>
  );
}
