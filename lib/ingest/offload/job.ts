import { decodeBody, type RawBody } from "../body";
import { getEnv } from "../../env";
import { configuredRedactor } from "../../redact";
import { splitEnvelope } from "../envelope";
import { IngestError } from "../errors";
import { checkJsonValues } from "../json-values";
import type { IngestLimits } from "../limits";
import { checkJsonRequest, checkProtobufRequest } from "../otlp/count";
import { decodeExportRequest } from "../otlp/decode";
import { otlpToCalls } from "../otlp";
import type { OtlpSummary } from "../otlp/summary";
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
  headers?: Record<string, string>;
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

/** A refusal as it was made, once it has crossed back from the worker. */
export function refusalError({ status, code, message, details, headers }: JobRefusal): IngestError {
  return new IngestError(status, code, message, details, headers);
}

/** A refusal of the request's own making, as data that crosses a thread; undefined for a fault of ours. */
export function refusalOf(error: unknown): JobRefusal | undefined {
  if (!(error instanceof IngestError)) return undefined;
  const { status, code, message, details, headers } = error;
  return { status, code, message, details, headers };
}
