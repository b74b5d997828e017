import type { Probe, ProbeRun } from "./store";

// A probe and a run as the API and the pages show them. Header values are secrets: only their
// names come back ("Authorization": "(set)").

export const HIDDEN_HEADER = "(set)";

export function probeView(probe: Probe) {
  return {
    id: probe.id,
    name: probe.name,
    server: probe.server,
    transport: probe.transport,
    ...(probe.url ? { url: probe.url } : {}),
    ...(probe.command ? { command: probe.command } : {}),
    headers: Object.fromEntries(Object.keys(probe.headers).map((name) => [name, HIDDEN_HEADER])),
    intervalSeconds: probe.intervalSeconds,
    timeoutMs: probe.timeoutMs,
    call: probe.call,
    enabled: probe.enabled,
    runBy: probe.transport === "stdio" ? "faultline-probe" : "instance",
    nextRunAt: probe.transport === "stdio" ? null : probe.nextRunAt.toISOString(),
    toolsSeen: probe.lastTools?.length ?? null,
    createdBy: probe.createdBy,
    createdAt: probe.createdAt.toISOString(),
    updatedAt: probe.updatedAt.toISOString(),
  };
}

export function runView(run: ProbeRun) {
  return {
    id: run.id,
    probeId: run.probeId,
    server: run.server,
    startedAt: run.startedAt.toISOString(),
    ok: run.ok,
    durationMs: run.durationMs,
    reason: run.reason,
    steps: run.steps,
    drift: run.drift,
    driftSeverity: run.driftSeverity,
    runner: run.runner,
  };
}
