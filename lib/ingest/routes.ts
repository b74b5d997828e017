// The routes a call reaches Faultline by (docs/ROUTES.md): each observation says which one saw it.
// An observer is a route, and for OTLP its side: a call has at most one observation per observer.

export const ROUTES = ["proxy-stdio", "proxy-http", "reporter", "server", "otlp", "webhook"] as const;
export type Route = (typeof ROUTES)[number];

/**
 * The route of a probe's steps (lib/probes): made by Faultline itself, never taken from a sender
 * (it is not in ROUTES), and left out of the traffic rollups (lib/ingest/write.ts).
 */
export const PROBE_ROUTE = "probe";

/** Whether a stored call is a probe's step rather than traffic. */
export function isProbeCall(call: { routes: readonly string[] }): boolean {
  return call.routes.includes(PROBE_ROUTE);
}

export function observerOf(route: Route, side: "client" | "server" | null | undefined): string {
  return route === "otlp" ? `otlp:${side ?? "client"}` : route;
}

const LABELS: Record<string, string> = {
  "proxy-stdio": "proxy (stdio)",
  "proxy-http": "proxy (HTTP)",
  reporter: "reporter",
  server: "server",
  "otlp:client": "OTLP (client)",
  "otlp:server": "OTLP (server)",
  webhook: "webhook",
  probe: "probe",
};

/** How an observer reads on the pages: "proxy (stdio)", "OTLP (client)". */
export function observerLabel(observer: string): string {
  return LABELS[observer] ?? observer;
}
