import { randomUUID } from "node:crypto";
import type { Pool } from "pg";
import { z } from "zod";
import { inTransaction } from "../db/transaction";
import { getEnv } from "../env";
import { InvalidInputError } from "../errors";
import { storePrepared } from "../ingest";
import { prepareCalls, type PreparedCall } from "../ingest/prepare";
import { PROBE_ROUTE } from "../ingest/routes";
import { configuredRedactor } from "../redact";
import { fieldErrors } from "../schemas/call";
import type { RawRun, RawStep } from "../reporter/probe/run";
import { unmetExpectations } from "./assertions";
import { fingerprint, toolDrift, toolsOf, worstDrift } from "./drift";
import { insertRun, type Probe, type ProbeRun, type RunStep } from "./store";

// A probe run, from what the client library saw (lib/reporter/probe/run.ts — run by the instance
// or reported by faultline-probe) to what Faultline keeps: each step stored as a call on the
// `probe` route, classified exactly like any call (same categories, codes, silent-failure rules),
// so its failures get signatures and reach the server's report card; the test call judged against
// its expectations; the tool list compared with the previous run's (drift); the run itself.

export type Runner = "instance" | "faultline-probe";

const STEP_NAMES = ["server/discover", "initialize", "tools/list", "tools/call"] as const;

/** A run as faultline-probe reports it: attacker-controlled (an ingest key), so bounded and checked. */
const reportedRun = z.strictObject(
  {
    startedAt: z.iso.datetime({ offset: true, message: "must be an ISO-8601 date-time with a time zone" }),
    durationMs: z.number().int().min(0).max(3_600_000),
    era: z.string().max(20).optional(),
    protocolVersion: z.string().max(40).optional(),
    steps: z
      .array(
        z.strictObject({
          step: z.enum(STEP_NAMES, { error: `must be one of ${STEP_NAMES.join(", ")}` }),
          startedAt: z.iso.datetime({
            offset: true,
            message: "must be an ISO-8601 date-time with a time zone",
          }),
          durationMs: z.number().int().min(0).max(3_600_000),
          result: z.unknown().optional(),
          error: z
            .strictObject({
              code: z.number().int(),
              message: z.string().max(4_000),
              data: z.unknown().optional(),
            })
            .optional(),
          transportError: z.string().max(100).optional(),
          httpStatus: z.number().int().min(100).max(599).optional(),
          message: z.string().max(1_000).optional(),
        }),
      )
      .min(1, "must hold the run's steps")
      .max(STEP_NAMES.length, `must hold at most ${STEP_NAMES.length} steps`),
  },
  { error: "must be a run {startedAt, durationMs, steps}" },
);

export function parseReportedRun(body: unknown): RawRun {
  const parsed = reportedRun.safeParse(body);
  if (!parsed.success) throw new InvalidInputError(fieldErrors(parsed.error));
  return parsed.data as RawRun;
}

/** Classifies, judges and stores one run; returns it as stored. */
export async function recordRun(pool: Pool, probe: Probe, raw: RawRun, runner: Runner): Promise<ProbeRun> {
  const items = raw.steps.map((step) => callItem(probe, step, raw.protocolVersion));
  const { prepared, rejected } = prepareCalls(items, new Date(), {
    redact: configuredRedactor(),
    lateArrivalDays: getEnv().FAULTLINE_LATE_ARRIVAL_DAYS,
  });
  const asProbe: PreparedCall[] = prepared.map((call) => ({
    ...call,
    routes: [PROBE_ROUTE],
    observations: null,
  }));
  if (asProbe.length > 0) await storePrepared(pool, probe.projectId, { prepared: asProbe, rejected: [] });
  const byIndex = new Map(asProbe.map((call) => [call.index, call]));
  const unreadable = new Map(rejected.map((rejection) => [rejection.index, rejection.errors]));

  const steps: RunStep[] = raw.steps.map((step, index) => {
    const call = byIndex.get(index);
    if (!call) {
      const [problem] = unreadable.get(index) ?? [];
      return {
        step: step.step,
        ok: step.result !== undefined,
        durationMs: step.durationMs,
        callId: null,
        reason: `the answer could not be stored (${problem ? `${problem.path}: ${problem.message}` : "unreadable"})`,
      };
    }
    const reasons =
      step.step === "tools/call" && probe.call
        ? unmetExpectations(probe.call.expect, {
            outcome: call.outcome,
            silentFailure: call.silentFailure,
            category: call.category,
            durationMs: step.durationMs,
            result: step.result,
          })
        : call.outcome !== "ok"
          ? [`outcome ${call.outcome.replace(/_/g, " ")}${call.category ? ` (${call.category})` : ""}`]
          : [];
    return {
      step: step.step,
      ok: reasons.length === 0,
      durationMs: step.durationMs,
      callId: call.id,
      outcome: call.outcome,
      category: call.category,
      ...(reasons.length
        ? { reason: [...reasons, step.message].filter(Boolean).join("; ").slice(0, 500) }
        : {}),
    };
  });

  const expected = probe.call ? 3 : 2;
  const listed = raw.steps.find((step) => step.step === "tools/list" && step.result !== undefined);
  const tools = listed ? toolsOf(listed.result) : null;
  const drift = tools && probe.lastTools ? toolDrift(probe.lastTools, tools) : [];
  const failed = steps.find((step) => !step.ok);
  const ok = !failed && steps.length >= expected;
  return inTransaction(pool, (client) =>
    insertRun(
      client,
      {
        projectId: probe.projectId,
        probeId: probe.id,
        server: probe.server,
        startedAt: new Date(raw.startedAt),
        durationMs: raw.durationMs,
        ok,
        reason: failed ? `${failed.step}: ${failed.reason ?? "failed"}` : ok ? null : "the run ended early",
        steps,
        drift,
        driftSeverity: worstDrift(drift),
        runner,
      },
      tools ? { list: tools, fingerprint: fingerprint(tools) } : null,
    ),
  );
}

/** One step as a call report, as the webhook would take it. */
function callItem(probe: Probe, step: RawStep, protocolVersion: string | undefined): Record<string, unknown> {
  const response =
    step.result !== undefined
      ? { jsonrpc: "2.0", id: 1, result: step.step === "tools/list" ? listSummary(step.result) : step.result }
      : step.error
        ? { jsonrpc: "2.0", id: 1, error: step.error }
        : undefined;
  return {
    id: randomUUID(),
    occurredAt: step.startedAt,
    durationMs: step.durationMs,
    server: probe.server,
    method: step.step,
    ...(step.step === "tools/call" && probe.call ? { tool: probe.call.tool } : {}),
    ...(protocolVersion ? { protocolVersion } : {}),
    ...(step.httpStatus !== undefined ? { httpStatus: step.httpStatus } : {}),
    ...(step.transportError ? { transportError: step.transportError } : {}),
    ...(response ? { response } : {}),
    ...(!response && step.message ? { clientError: { message: step.message } } : {}),
  };
}

/** A tool list as the stored call keeps it: the names (the schemas live in the probe's last_tools). */
function listSummary(result: unknown): unknown {
  return { tools: toolsOf(result).map((tool) => ({ name: tool.name })) };
}
