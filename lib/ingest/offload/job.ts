import { decodeBody, type RawBody } from "../../http/body";
import { HttpError } from "../../http/errors";
import { getEnv } from "../../env";
import { configuredRedactor } from "../../redact";
import { EnvelopeError, splitEnvelope } from "../envelope";
import { checkJsonValues } from "../json-values";
import { LimitError, type IngestLimits } from "../limits";
import { checkJsonRequest, checkProtobufRequest } from "../otlp/count";
import { decodeExportRequest } from "../otlp/decode";
import { otlpToCalls, type SkipCounts } from "../otlp";
import { prepareCalls, type PreparedCall, type Rejection } from "../prepare";

// The CPU-bound half of an ingest request, run in a worker thread (./pool): inflate the body,
// count what it unpacks into against the request's limits before decoding it, decode it, read
// OTLP spans as calls, then validate, classify and mask each call. The event loop that serves
// every other request never does any of this. Pure apart from the configuration (redactor, late arrivals).

export interface IngestJob {
  endpoint: "webhook" | "otlp";
  body: RawBody;
  /** The body's limit, also on its inflated size. */
  maxBytes: number;
  limits: IngestLimits;
  /** When the request arrived (epoch ms): the default occurredAt. */
  receivedAt: number;
}

/** What OTLP's answer needs besides the calls: where each came from and what was not a call. */
export interface OtlpSummary {
  /** The span (its position in the request) each prepared or rejected item was read from, by item index. */
  spanOfItem: number[];
  /** An OpenLLMetry span's session, by item index (lib/ingest/otlp/session-servers). */
  sessionOfItem: (string | null)[];
  /** Spans that carried MCP attributes but could not be read. */
  unreadable: { span: number; errors: { path: string; message: string }[] }[];
  /** Spans that are not MCP calls, by reason. */
  skipped: SkipCounts;
}

/** What the job returns; its prepared calls went out through `emit`, CHUNK at a time. */
export interface JobResult {
  rejected: Rejection[];
  otlp?: OtlpSummary;
}

/** A refusal of the whole request, as it crosses back from the worker. */
export interface JobRefusal {
  status: number;
  code: string;
  message: string;
  details?: { path: string; message: string }[];
}

/** Prepared calls go back this many at a time, so no single message holds the event loop to unpack. */
export const CHUNK = 250;

export async function runJob(job: IngestJob, emit: (chunk: PreparedCall[]) => void): Promise<JobResult> {
  const receivedAt = new Date(job.receivedAt);
  const check =
    job.body.kind === "protobuf"
      ? (bytes: Uint8Array) => checkProtobufRequest(bytes, job.limits)
      : (bytes: Uint8Array) =>
          checkJsonValues(
            bytes,
            job.endpoint === "otlp" ? "otlpJsonValues" : "webhookJsonValues",
            job.limits,
          );
  const body = await decodeBody(job.body, job.maxBytes, check);
  let items: unknown[];
  let otlp: OtlpSummary | undefined;
  if (job.endpoint === "otlp") {
    const request = body.kind === "json" ? body.value : decodeExportRequest(body);
    if (body.kind === "json") checkJsonRequest(request, job.limits);
    const conversion = await otlpToCalls(request);
    items = conversion.calls.map((item) => item.call);
    otlp = {
      spanOfItem: conversion.calls.map((item) => item.span),
      sessionOfItem: conversion.calls.map((item) => item.session ?? null),
      unreadable: conversion.rejected,
      skipped: conversion.skipped,
    };
  } else {
    items = splitEnvelope(body.kind === "json" ? body.value : undefined);
  }
  const redact = configuredRedactor();
  const lateArrivalDays = getEnv().FAULTLINE_LATE_ARRIVAL_DAYS;
  const rejected: Rejection[] = [];
  for (let start = 0; start < items.length; start += CHUNK) {
    const slice = prepareCalls(
      items.slice(start, start + CHUNK),
      receivedAt,
      { redact, lateArrivalDays },
      start,
    );
    if (slice.prepared.length > 0) emit(slice.prepared);
    rejected.push(...slice.rejected);
  }
  return { rejected, otlp };
}

/** A refusal as the route answers it. */
export function refusalError({ status, code, message, details }: JobRefusal): HttpError {
  return new HttpError(status, code, message, details);
}

/** The refusal an error of the request's own making is answered with; undefined for a fault of ours. */
export function refusalOf(error: unknown): JobRefusal | undefined {
  if (error instanceof HttpError)
    return { status: error.status, code: error.code, message: error.message, details: error.details };
  if (error instanceof LimitError)
    return {
      status: 413,
      code: error.limit === "jsonDepth" ? "too_deep" : "too_many_items",
      message: error.message,
    };
  if (error instanceof EnvelopeError) {
    return {
      status: 400,
      code: "invalid_body",
      message: `${error.path}: ${error.message}`,
      details: [{ path: error.path, message: error.message }],
    };
  }
  return undefined;
}
