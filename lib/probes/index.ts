// Probes (docs/PROBES.md): scheduled checks of MCP servers, judged like real calls.
export {
  parseNewProbe,
  parseProbePatch,
  probeRules,
  PROBE_LIMITS,
  TRANSPORTS,
  type ProbeInput,
  type ProbeRules,
} from "./definition";
export { runAndRecord, runHttpProbe, DEFAULT_MAX_RESPONSE_BYTES } from "./execute";
export { parseReportedRun, recordRun } from "./record";
export { probeScheduleOptions, scheduleProbes } from "./scheduler";
export {
  createProbe,
  dailyStatus,
  deleteProbe,
  getProbe,
  latestRunByProbe,
  latestRunByServer,
  listProbes,
  listRuns,
  probeNotFound,
  updateProbe,
  type Probe,
  type ProbeRun,
} from "./store";
export { probeView, runView } from "./views";
export { readProbeBody, readRunBody, runLimit, transportFilter } from "./api";
