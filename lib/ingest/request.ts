import type { Pool } from "pg";
import { recordRejected, recordSkippedSpans, recordUnreadableSpans } from "../metrics";
import type { BodyKind } from "./body";
import { storePrepared, type IngestResult } from "./index";
import { withPreparedRequest, type IngestEndpointKind } from "./offload";
import type { OtlpSummary } from "./otlp/summary";
import { nameSessionServers } from "./otlp/session-servers";

// The one way into ingest: a request's body, from the socket to stored rows. Its bytes are read
// under the size limit and the in-flight budget, decoded, counted, validated, classified and masked
// (off the event loop: ./offload), matched with other routes' reports of the same calls and written
// (./index, ./group-commit, ./write), and counted (lib/metrics). What it returns is what the answer
// needs; a refusal is an IngestError (./errors), which lib/http turns into the answer.

export interface IngestTarget {
  endpoint: IngestEndpointKind;
  projectId: string;
  pool: Pool;
}

/** What a webhook request stored: each call's fate, and the calls refused by name. */
export interface WebhookIngest {
  endpoint: "webhook";
  result: IngestResult;
}

/** What an OTLP request stored, and what its answer says of the spans that were not calls. */
export interface OtlpIngest {
  endpoint: "otlp";
  kind: BodyKind;
  otlp?: OtlpSummary;
  /** Undefined when no span was an MCP call (nothing to store). */
  result: IngestResult | undefined;
}

export type Ingested = WebhookIngest | OtlpIngest;

export function ingestRequest(
  request: Request,
  target: IngestTarget & { endpoint: "webhook" },
): Promise<WebhookIngest>;
export function ingestRequest(
  request: Request,
  target: IngestTarget & { endpoint: "otlp" },
): Promise<OtlpIngest>;
export function ingestRequest(request: Request, target: IngestTarget): Promise<Ingested>;
export function ingestRequest(
  request: Request,
  { endpoint, projectId, pool }: IngestTarget,
): Promise<Ingested> {
  return withPreparedRequest(request, endpoint, projectId, async (prepared): Promise<Ingested> => {
    if (endpoint === "webhook") {
      const result = await storePrepared(pool, projectId, prepared);
      recordRejected(endpoint, "call", result.rejected);
      return { endpoint, result };
    }
    // An OpenLLMetry span names its session, not its server: the session's calls name it (./otlp).
    const calls = await nameSessionServers(
      pool,
      projectId,
      prepared.prepared,
      prepared.otlp?.sessionOfItem ?? [],
    );
    const result =
      calls.length || prepared.rejected.length
        ? await storePrepared(pool, projectId, { ...prepared, prepared: calls })
        : undefined;
    recordUnreadableSpans(endpoint, prepared.otlp?.unreadable.length ?? 0);
    recordSkippedSpans(prepared.otlp?.skipped);
    recordRejected(endpoint, "span", result?.rejected ?? []);
    return { endpoint, kind: prepared.kind, otlp: prepared.otlp, result };
  });
}
