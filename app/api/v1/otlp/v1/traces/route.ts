import { getEnv } from "@/lib/env";
import { apiRoute } from "@/lib/http/api-route";
import { readJsonBody } from "@/lib/http/body";
import { HttpError, jsonResponse } from "@/lib/http/errors";
import { enforceIngestRateLimit } from "@/lib/http/rate-limit";
import { ingest } from "@/lib/ingest";
import { configuredRedactor } from "@/lib/redact";
import { otlpReply, otlpToCalls } from "@/lib/ingest/otlp";

export const dynamic = "force-dynamic";

// POST /api/v1/otlp/v1/traces — OTLP/HTTP JSON spans of MCP calls, recorded as webhook calls
export const POST = apiRoute("ingest", async ({ request, key, database }) => {
  if ((request.headers.get("content-type") ?? "").includes("protobuf")) {
    throw new HttpError(
      415,
      "unsupported_media_type",
      "Only OTLP/HTTP JSON is supported; set the exporter's protocol to http/json",
    );
  }
  enforceIngestRateLimit(key.keyId);
  const conversion = otlpToCalls(await readJsonBody(request, getEnv().FAULTLINE_MAX_BODY_BYTES));
  const result = conversion.calls.length
    ? await ingest(
        database.pool,
        key.projectId,
        { calls: conversion.calls.map((item) => item.call) },
        {
          redact: configuredRedactor(),
        },
      )
    : undefined;
  return jsonResponse(200, otlpReply(conversion, result));
});
