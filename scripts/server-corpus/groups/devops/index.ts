// The devops group of the server corpus (scripts/server-corpus/capture-group.ts devops): a MySQL
// server on a private MariaDB, Argo CD, Elasticsearch, CircleCI and Prometheus
// servers on loopback stand-ins.

import fs from "node:fs";
import { DATA, setupMariadb, stopMariadb } from "./mariadb.js";
import { argocd, circleci, elastic, prometheus } from "./standins.js";

export { SESSIONS } from "./sessions.js";
export { VERDICTS } from "./verdicts.js";

export const PACKAGES: Record<string, string> = {
  "@benborla29/mcp-server-mysql": "2.0.9",
  "argocd-mcp": "0.9.0",
  "@elastic/mcp-server-elasticsearch": "0.3.1",
  "@circleci/mcp-server-circleci": "0.20.0",
  "prometheus-mcp": "1.1.3",
};

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(DATA, { recursive: true });
  await setupMariadb();
  await argocd.start();
  await elastic.start();
  await circleci.start();
  await prometheus.start();
  return async () => {
    await argocd.stop();
    await elastic.stop();
    await circleci.stop();
    await prometheus.stop();
    await stopMariadb();
  };
}
