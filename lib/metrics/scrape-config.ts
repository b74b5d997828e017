// The Prometheus scrape config for this instance, as Settings shows it: the job that scrapes one
// project's series with a read key (who sees what: lib/auth/access.ts isInstanceMetricsCredential,
// lib/metrics renderMetrics). Pure text from the instance's address; no Next.js, no I/O.

/** What the reader replaces with a read key of the project (the only credential in the text). */
export const READ_KEY_PLACEHOLDER = "<a read key of this project>";

/** GET /metrics's path on the instance (served by lib/http/node-server before Next.js). */
export const METRICS_PATH = "/metrics";

/** A YAML double-quoted scalar: JSON's escaping is valid YAML. */
const quoted = (text: string) => JSON.stringify(text);

/**
 * `origin`: the instance as people reach it (FAULTLINE_PUBLIC_URL or the browser's origin), with
 * a path prefix when it is served under one. `project`: the project's name, for the job's label.
 */
export function scrapeConfig(origin: string, project: string): string {
  const url = new URL(origin);
  const prefix = url.pathname.replace(/\/+$/, "");
  return [
    "scrape_configs:",
    `  - job_name: ${quoted(`faultline-${project}`)}`,
    `    scheme: ${url.protocol.replace(":", "")}`,
    `    metrics_path: ${quoted(`${prefix}${METRICS_PATH}`)}`,
    "    authorization:",
    "      type: Bearer",
    `      credentials: ${quoted(READ_KEY_PLACEHOLDER)}  # or credentials_file: /etc/prometheus/faultline-read-key`,
    "    static_configs:",
    `      - targets: [${quoted(url.host)}]`,
    "",
  ].join("\n");
}
