import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { SECURITY_HEADERS } from "./security-headers";

// GET /downloads/faultline-reporter.tgz (and the versioned name beside it): the reporter package
// — reporter, faultline-proxy, server instrumentation — as `npm run build` packed it, served by
// every instance so a host installs it without a Faultline checkout:
//   npm install https://<faultline>/downloads/faultline-reporter.tgz
//   npx --package https://<faultline>/downloads/faultline-reporter.tgz faultline-proxy …
// It holds nothing of the instance (no key, no URL): anyone may fetch it.

/** Resolved at run time from the working directory (the app root), as migrations are. */
const PACK_DIR = path.join(/* turbopackIgnore: true */ process.cwd(), "lib", "reporter", "pack");
export const REPORTER_DOWNLOAD = "/downloads/faultline-reporter.tgz";

let cached: { name: string; bytes: Buffer; mtimeMs: number } | undefined;

/** The packed tarball, read once (again when a rebuild replaced it). */
function tarball(): { name: string; bytes: Buffer } | undefined {
  let name: string | undefined;
  try {
    name = readdirSync(PACK_DIR).find((file) => /^faultline-reporter-[\w.-]+\.tgz$/.test(file));
  } catch {
    return undefined;
  }
  if (!name) return undefined;
  const file = path.join(PACK_DIR, name);
  const { mtimeMs } = statSync(file);
  if (cached?.name !== name || cached.mtimeMs !== mtimeMs)
    cached = { name, bytes: readFileSync(file), mtimeMs };
  return cached;
}

// GET /downloads/grafana-dashboard.json and /downloads/prometheus-alerts.yml: the Grafana dashboard
// and the Prometheus alerting rules of docs/, as this instance's Settings (Metrics & Grafana) links
// them. Read at run time from the app root's docs/ (as the tarball is from lib/reporter/pack), so a
// built deployment serves the files of its own checkout; nothing of the instance is in them.

/** The monitoring files served, by download name: where each lives under the app root, and its type. */
export const MONITORING_DOWNLOADS = {
  "grafana-dashboard.json": { file: "docs/grafana-dashboard.json", type: "application/json; charset=utf-8" },
  "prometheus-alerts.yml": { file: "docs/prometheus-alerts.yml", type: "application/yaml; charset=utf-8" },
} as const;
export type MonitoringDownload = keyof typeof MONITORING_DOWNLOADS;

export const monitoringDownloadPath = (name: MonitoringDownload) => `/downloads/${name}`;

const monitoringCache = new Map<string, { bytes: Buffer; mtimeMs: number }>();

/** One monitoring file, read once (again when it changed on disk); undefined when it is missing. */
function monitoringFile(name: MonitoringDownload): Buffer | undefined {
  const file = path.join(/* turbopackIgnore: true */ process.cwd(), MONITORING_DOWNLOADS[name].file);
  try {
    const { mtimeMs } = statSync(file);
    const cached = monitoringCache.get(name);
    if (cached?.mtimeMs === mtimeMs) return cached.bytes;
    const bytes = readFileSync(file);
    monitoringCache.set(name, { bytes, mtimeMs });
    return bytes;
  } catch {
    return undefined;
  }
}

const notFound = (message: string) =>
  new Response(message, {
    status: 404,
    headers: {
      ...SECURITY_HEADERS,
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
    },
  });

/** Every GET under /downloads/: the monitoring files, else the reporter package. */
export async function serveDownload(request: Request): Promise<Response> {
  const wanted = new URL(request.url).pathname.slice("/downloads/".length);
  if (Object.hasOwn(MONITORING_DOWNLOADS, wanted)) {
    const name = wanted as MonitoringDownload;
    const bytes = monitoringFile(name);
    if (!bytes)
      return notFound(`Not found: ${MONITORING_DOWNLOADS[name].file} is missing from this deployment.\n`);
    return new Response(new Uint8Array(bytes), {
      status: 200,
      headers: {
        ...SECURITY_HEADERS,
        "content-type": MONITORING_DOWNLOADS[name].type,
        "content-disposition": `attachment; filename="faultline-${name}"`,
        "content-length": String(bytes.length),
        "cache-control": "no-cache",
      },
    });
  }
  return serveReporterDownload(request);
}

export async function serveReporterDownload(request: Request): Promise<Response> {
  const wanted = new URL(request.url).pathname.slice("/downloads/".length);
  const packed = tarball();
  if (!packed || (wanted !== "faultline-reporter.tgz" && wanted !== packed.name)) {
    return new Response(
      "Not found: the reporter package is built by `npm run build` (npm run build:reporter).\n",
      {
        status: 404,
        headers: {
          ...SECURITY_HEADERS,
          "content-type": "text/plain; charset=utf-8",
          "cache-control": "no-store",
        },
      },
    );
  }
  return new Response(new Uint8Array(packed.bytes), {
    status: 200,
    headers: {
      ...SECURITY_HEADERS,
      "content-type": "application/gzip",
      "content-disposition": `attachment; filename="${packed.name}"`,
      "content-length": String(packed.bytes.length),
      // The stable name follows each build; the versioned one never changes.
      "cache-control": wanted === packed.name ? "public, max-age=86400, immutable" : "no-cache",
      "x-faultline-package": packed.name,
    },
  });
}
