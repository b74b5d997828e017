// The routes a call reaches Faultline by (docs/ROUTES.md): each observation says which one saw it.
// An observer is a route, and for OTLP its side: a call has at most one observation per observer.

export const ROUTES = ["proxy-stdio", "proxy-http", "reporter", "server", "otlp", "webhook"] as const;
export type Route = (typeof ROUTES)[number];

export function observerOf(route: Route, side: "client" | "server" | null | undefined): string {
  return route === "otlp" ? `otlp:${side ?? "client"}` : route;
}
