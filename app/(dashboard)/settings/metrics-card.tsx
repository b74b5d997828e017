import { Card } from "@/components/ui/layout";
import { Snippet } from "@/components/ui/snippet";
import { getEnv } from "@/lib/env";
import { MONITORING_DOWNLOADS, monitoringDownloadPath, type MonitoringDownload } from "@/lib/http/downloads";
import { PROJECT_SERIES } from "@/lib/metrics";
import { scrapeConfig } from "@/lib/metrics/scrape-config";

// Settings → Metrics & Grafana: how to scrape this instance's GET /metrics for the shown project,
// what its read key sees there (lib/metrics PROJECT_SERIES, the families a project's view shows),
// and the Grafana dashboard and Prometheus rules this instance serves (lib/http/downloads).

const DOWNLOADS: { name: MonitoringDownload; label: string; what: string }[] = [
  {
    name: "grafana-dashboard.json",
    label: "Grafana dashboard (JSON)",
    what: "Grafana → Dashboards → New → Import; the data source, project and server are variables at the top",
  },
  {
    name: "prometheus-alerts.yml",
    label: "Prometheus alerting rules (YAML)",
    what: "add it under rule_files: in prometheus.yml",
  },
];

export function MetricsCard({
  baseUrl,
  project,
  isAdmin,
}: {
  baseUrl: string;
  project: string | undefined;
  isAdmin: boolean;
}) {
  const env = getEnv();
  return (
    <Card title="Metrics & Grafana" className="xl:col-span-2">
      <div data-testid="metrics-card" className="space-y-3 text-sm">
        <p className="text-zinc-600 dark:text-zinc-400">
          Prometheus scrapes <code className="font-mono text-xs">{baseUrl}/metrics</code> (text format). With
          a <strong>read key</strong> of a project it gets that project&apos;s series only.
        </p>
        {project ? (
          <Snippet
            text={scrapeConfig(baseUrl, project)}
            label="prometheus.yml — replace the placeholder with a read key (Keys, above)"
            name="Prometheus scrape config"
            testId="scrape-config"
          />
        ) : (
          <p>Create a project first: its read key is what Prometheus scrapes with.</p>
        )}
        <div>
          <p className="font-medium">What a read key sees</p>
          <ul className="mt-1 space-y-1" data-testid="read-key-series">
            {PROJECT_SERIES.map((series) => (
              <li key={series.name} className="min-w-0">
                <code className="font-mono text-xs break-all">{series.name}</code>
                <span className="text-zinc-600 dark:text-zinc-400"> — {series.help}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-zinc-600 dark:text-zinc-400">
            Only its own project&apos;s, by the {env.FAULTLINE_METRICS_TOP_SERVERS} busiest servers and{" "}
            {env.FAULTLINE_METRICS_TOP_TOOLS} busiest tools over 7 days (the rest as{" "}
            <code className="font-mono text-xs">other</code>) — nothing of other projects or of the instance.
            The instance&apos;s own metrics (process, pools, ingest requests, alerts, every project) need the
            operator&apos;s token, <code className="font-mono text-xs">FAULTLINE_METRICS_TOKEN</code>
            {isAdmin ? (
              <span data-testid="metrics-token-state">
                {" "}
                (
                {env.FAULTLINE_METRICS_PUBLIC
                  ? "FAULTLINE_METRICS_PUBLIC=1: everything is served to anyone"
                  : env.FAULTLINE_METRICS_TOKEN
                    ? "set on this instance"
                    : "not set on this instance"}
                )
              </span>
            ) : null}
            .
          </p>
        </div>
        <div>
          <p className="font-medium">Ready to import</p>
          <ul className="mt-1 space-y-1">
            {DOWNLOADS.map((download) => (
              <li key={download.name}>
                <a
                  href={monitoringDownloadPath(download.name)}
                  download={`faultline-${download.name}`}
                  className="font-medium underline"
                  data-testid={`download-${download.name}`}
                >
                  {download.label}
                </a>{" "}
                <span className="text-zinc-600 dark:text-zinc-400">
                  — {download.what} ({MONITORING_DOWNLOADS[download.name].file} of this version)
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Card>
  );
}
