// The line `npm start` prints once it listens: a URL a person can open. A wildcard address
// (0.0.0.0, ::) is where the server listens, not somewhere a browser can go; the configured
// public URL, when there is one, is where people reach it.

export function openableUrl(options: { hostname: string; port: number; publicUrl?: string }): string {
  if (options.publicUrl) return options.publicUrl;
  const wildcard = ["0.0.0.0", "::", "[::]", ""].includes(options.hostname);
  const host = wildcard
    ? "localhost"
    : options.hostname.includes(":")
      ? `[${options.hostname}]`
      : options.hostname;
  return `http://${host}:${options.port}`;
}

export function listeningLine(options: { hostname: string; port: number; publicUrl?: string }): string {
  const bound = options.hostname.includes(":") ? `[${options.hostname}]` : options.hostname;
  return `[faultline] listening on ${bound}:${options.port}: open ${openableUrl(options)}`;
}
