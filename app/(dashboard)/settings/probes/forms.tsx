"use client";

import { useActionState, useState, type ReactNode } from "react";
import { RunDetails } from "@/components/probes/run";
import { Link } from "@/components/ui/link";
import { CopyableValue, Snippet } from "@/components/ui/snippet";
import { probeCommand } from "@/lib/probes/command";
import { createKeyAction } from "../actions";
import {
  deleteProbeAction,
  runProbeAction,
  saveProbeAction,
  type ProbeActionResult,
  type RunActionResult,
} from "./actions";

// The probe form (create and edit), Run now, Delete, and the faultline-probe commands of the
// project's stdio probes. Only the fields the chosen transport uses are shown; the server
// validates whatever arrives (lib/probes/definition.ts, as the API does). Header values are
// write-only: an edit shows the names that are set, and a blank field keeps them.

const input =
  "w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900";
const button =
  "rounded-md bg-zinc-900 px-3 py-1.5 text-sm text-white disabled:opacity-50 dark:bg-zinc-100 dark:text-zinc-900";
const dangerButton =
  "rounded-md bg-red-700 px-3 py-1.5 text-sm text-white disabled:opacity-50 dark:bg-red-600 dark:text-white";

export interface ProbeFormValues {
  id: string;
  name: string;
  server: string;
  transport: "http" | "sse" | "stdio";
  url: string;
  /** The command as one line, quoted as typed back. */
  command: string;
  /** The names of the headers that are set (their values never leave the server). */
  headerNames: string[];
  intervalSeconds: number;
  timeoutMs: number;
  tool: string;
  arguments: string;
  expectText: string;
  maxDurationMs: string;
  answeredOnly: boolean;
  enabled: boolean;
}

function Message({ state }: { state: { ok: boolean; message: string } | null }) {
  if (!state) return null;
  return (
    <p
      role="status"
      className={`mt-2 text-sm wrap-anywhere ${state.ok ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}
    >
      {state.message}
    </p>
  );
}

export function ProbeForm({
  project,
  probe,
  preset,
  minIntervalSeconds,
  defaultTimeoutMs,
  servers,
}: {
  project: string;
  probe?: ProbeFormValues;
  preset?: { server?: string };
  minIntervalSeconds: number;
  defaultTimeoutMs: number;
  servers: string[];
}) {
  const [state, action, pending] = useActionState(saveProbeAction, null);
  return (
    <form action={action} className="space-y-3" data-testid="probe-form" noValidate>
      <input type="hidden" name="project" value={project} />
      {probe ? <input type="hidden" name="id" value={probe.id} /> : null}
      {/* New fields after every answer: their defaults are then what was typed (refused) or the probe. */}
      <ProbeFields
        key={state?.nonce ?? "initial"}
        state={state}
        probe={probe}
        preset={state?.ok ? undefined : preset}
        minIntervalSeconds={minIntervalSeconds}
        defaultTimeoutMs={defaultTimeoutMs}
        servers={servers}
      />
      <div className="flex items-center gap-3">
        <button type="submit" disabled={pending} className={button}>
          {pending ? "Saving…" : probe ? "Save probe" : "Create probe"}
        </button>
        {probe ? (
          <Link href="/settings/probes" className="text-sm underline">
            Cancel
          </Link>
        ) : null}
      </div>
      <Message state={state} />
    </form>
  );
}

function ProbeFields({
  state,
  probe,
  preset,
  minIntervalSeconds,
  defaultTimeoutMs,
  servers,
}: {
  state: ProbeActionResult | null;
  probe?: ProbeFormValues;
  preset?: { server?: string };
  minIntervalSeconds: number;
  defaultTimeoutMs: number;
  servers: string[];
}) {
  const echo = state?.ok ? undefined : state?.values;
  const initial = (name: keyof ProbeFormValues, fallback = "") => {
    if (echo) return echo[name] ?? "";
    const value = probe?.[name];
    return value === undefined || value === null ? fallback : String(value);
  };
  const checked = (name: "answeredOnly" | "enabled", fallback: boolean) =>
    echo ? echo[name] === "on" : (probe?.[name] ?? fallback);
  const [transport, setTransport] = useState<string>(probe?.transport ?? (echo?.transport || "http"));
  const problem = (name: string) => state?.problems?.[name];
  /** A labelled control with the problem the server named beside it. */
  const field = (name: string, label: ReactNode, control: ReactNode, wide = false, hint?: ReactNode) => (
    <div className={`flex min-w-0 flex-col gap-1 text-sm ${wide ? "sm:col-span-2" : ""}`}>
      <label htmlFor={`probe-${name}`}>{label}</label>
      {control}
      {hint ? <span className="text-xs text-zinc-600 dark:text-zinc-400">{hint}</span> : null}
      {problem(name) ? (
        <span
          id={`probe-${name}-problem`}
          className="text-xs text-red-700 wrap-anywhere dark:text-red-400"
          data-testid={`problem-${name}`}
        >
          {label}: {problem(name)}
        </span>
      ) : null}
    </div>
  );
  const described = (name: string) =>
    problem(name) ? { "aria-describedby": `probe-${name}-problem`, "aria-invalid": true } : {};
  const http = transport !== "stdio";
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {field(
          "name",
          "Name",
          <input
            id="probe-name"
            name="name"
            required
            maxLength={100}
            defaultValue={initial("name")}
            className={input}
            {...described("name")}
          />,
        )}
        {field(
          "server",
          "Server",
          <input
            id="probe-server"
            name="server"
            required
            maxLength={200}
            list="probe-known-servers"
            autoComplete="off"
            defaultValue={echo ? (echo.server ?? "") : (probe?.server ?? preset?.server ?? "")}
            className={input}
            {...described("server")}
          />,
          false,
          "The name its calls carry: the probe's runs show on this server's card.",
        )}
        {field(
          "transport",
          "Transport",
          <select
            id="probe-transport"
            name="transport"
            value={transport}
            onChange={(event) => setTransport(event.target.value)}
            disabled={Boolean(probe)}
            className={input}
          >
            <option value="http">Streamable HTTP (run by this instance)</option>
            <option value="sse">HTTP+SSE (run by this instance)</option>
            <option value="stdio">stdio (run by faultline-probe where the server runs)</option>
          </select>,
        )}
        {probe ? <input type="hidden" name="transport" value={probe.transport} /> : null}
        {http
          ? field(
              "url",
              "URL",
              <input
                id="probe-url"
                name="url"
                type="url"
                required
                maxLength={2000}
                placeholder="https://mcp.example.com/mcp"
                defaultValue={initial("url")}
                className={input}
                {...described("url")}
              />,
              true,
            )
          : field(
              "command",
              "Command",
              <input
                id="probe-command"
                name="command"
                required
                maxLength={8000}
                placeholder="npx -y @modelcontextprotocol/server-memory"
                defaultValue={initial("command")}
                className={`${input} font-mono`}
                {...described("command")}
              />,
              true,
              "One line, split on spaces; quote an argument that holds one. It runs only where you run faultline-probe.",
            )}
        {field(
          "intervalSeconds",
          "Every (seconds)",
          <input
            id="probe-intervalSeconds"
            name="intervalSeconds"
            type="number"
            min={minIntervalSeconds}
            max={86_400}
            required
            defaultValue={initial("intervalSeconds", String(Math.max(300, minIntervalSeconds)))}
            className={input}
            {...described("intervalSeconds")}
          />,
          false,
          `At least ${minIntervalSeconds} (FAULTLINE_PROBES_MIN_INTERVAL_SECONDS).`,
        )}
        {field(
          "timeoutMs",
          "Timeout per step (ms)",
          <input
            id="probe-timeoutMs"
            name="timeoutMs"
            type="number"
            min={1000}
            max={30_000}
            defaultValue={initial("timeoutMs", String(defaultTimeoutMs))}
            className={input}
            {...described("timeoutMs")}
          />,
        )}
        {http
          ? field(
              "headers",
              "Headers",
              <textarea
                id="probe-headers"
                name="headers"
                rows={2}
                autoComplete="off"
                spellCheck={false}
                placeholder={probe?.headerNames.length ? "(blank: keep them)" : "Authorization: Bearer …"}
                className={`${input} font-mono`}
                {...described("headers")}
              />,
              true,
              probe?.headerNames.length ? (
                <span data-testid="headers-set">
                  Set: {probe.headerNames.map((name) => `${name} (set)`).join(", ")}. Leave blank to keep
                  them, or type them all anew.{" "}
                  <label className="inline-flex items-center gap-1">
                    <input type="checkbox" name="clearHeaders" /> Remove them
                  </label>
                </span>
              ) : (
                'One "Name: value" a line. Sent with every request; never shown again.'
              ),
            )
          : null}
      </div>
      <fieldset className="rounded-md border border-zinc-200 p-3 dark:border-zinc-700">
        <legend className="px-1 text-sm font-medium">Test call (optional)</legend>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {field(
            "tool",
            "Tool",
            <input
              id="probe-tool"
              name="tool"
              maxLength={200}
              autoComplete="off"
              placeholder="(none: handshake and tools/list only)"
              defaultValue={initial("tool")}
              className={input}
              {...described("tool")}
            />,
          )}
          {field(
            "expectText",
            "Its text must match (RE2 pattern)",
            <input
              id="probe-expectText"
              name="expectText"
              maxLength={200}
              autoComplete="off"
              spellCheck={false}
              placeholder="sum of 1 and 2 is 3"
              defaultValue={initial("expectText")}
              className={`${input} font-mono`}
              {...described("expectText")}
            />,
          )}
          {field(
            "maxDurationMs",
            "At most (ms)",
            <input
              id="probe-maxDurationMs"
              name="maxDurationMs"
              type="number"
              min={1}
              max={30_000}
              defaultValue={initial("maxDurationMs")}
              className={input}
              {...described("maxDurationMs")}
            />,
          )}
          {field(
            "arguments",
            "Arguments (JSON object)",
            <textarea
              id="probe-arguments"
              name="arguments"
              rows={3}
              spellCheck={false}
              placeholder='{"a": 1, "b": 2}'
              defaultValue={initial("arguments")}
              className={`${input} font-mono`}
              {...described("arguments")}
            />,
            true,
          )}
          <label className="flex items-start gap-2 self-end text-sm">
            <input type="checkbox" name="answeredOnly" defaultChecked={checked("answeredOnly", false)} />
            <span>Only check that it answered (an error result passes)</span>
          </label>
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="enabled" defaultChecked={checked("enabled", true)} /> Enabled
      </label>
      <datalist id="probe-known-servers">
        {servers.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {problem("form") ? <p className="text-sm text-red-700 dark:text-red-400">{problem("form")}</p> : null}
    </div>
  );
}

/**
 * A probe's row in the table, and — once Run now was pressed — the run below it: the step of each
 * MCP method with its time and a link to its call, and the drift it saw.
 */
export function ProbeRow({
  project,
  id,
  name,
  canRun,
  columns,
  children,
  actions,
}: {
  project: string;
  id: string;
  name: string;
  canRun: boolean;
  columns: number;
  children: ReactNode;
  actions: ReactNode;
}) {
  const [state, action, pending] = useActionState<RunActionResult | null, FormData>(runProbeAction, null);
  return (
    <>
      <tr data-testid="probe-row" data-probe={name} className="align-top">
        {children}
        <td className="py-2">
          <div className="flex flex-wrap items-center gap-3 whitespace-nowrap">
            {canRun ? (
              <form action={action}>
                <input type="hidden" name="project" value={project} />
                <input type="hidden" name="id" value={id} />
                <button
                  type="submit"
                  disabled={pending}
                  className="rounded-md border border-zinc-300 px-2 py-1 text-xs disabled:opacity-50 dark:border-zinc-700"
                  aria-label={`Run now: ${name}`}
                >
                  {pending ? "Running…" : "Run now"}
                </button>
              </form>
            ) : null}
            {actions}
          </div>
        </td>
      </tr>
      {state ? (
        <tr data-testid="probe-run-now" data-probe={name}>
          <td colSpan={columns} className="bg-zinc-50 px-3 pb-3 dark:bg-zinc-800/50">
            {/* In view whichever way the table is scrolled (on a phone it scrolls sideways). */}
            <div className="sticky left-0 max-w-[calc(100vw-5rem)]">
              <Message state={state} />
              {state.run ? (
                <div className="mt-2">
                  <RunDetails run={state.run} />
                </div>
              ) : null}
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}

export function DeleteProbeForm({ project, id, name }: { project: string; id: string; name: string }) {
  const [state, action, pending] = useActionState(deleteProbeAction, null);
  return (
    <form action={action} className="space-y-3" data-testid="delete-probe">
      <input type="hidden" name="project" value={project} />
      <input type="hidden" name="id" value={id} />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="confirm" required />
        <span className="min-w-0 wrap-anywhere">
          Delete {name}: it stops running and its runs go (the calls they stored stay).
        </span>
      </label>
      <button type="submit" disabled={pending} className={dangerButton}>
        Delete probe
      </button>
      <Message state={state} />
    </form>
  );
}

export interface StdioProbeView {
  id: string;
  name: string;
  command: string[];
  tool: string | null;
  intervalSeconds: number;
}

/**
 * The faultline-probe command of each stdio probe, for the machine where its server runs, with
 * this instance's URL and — once made here — a key (ingest is all faultline-probe needs) filled in.
 */
export function StdioCommands({
  baseUrl,
  project,
  probes,
}: {
  baseUrl: string;
  project: string;
  probes: StdioProbeView[];
}) {
  const [state, action, pending] = useActionState(createKeyAction, null);
  const key = state?.ok ? state.key : undefined;
  return (
    <div className="space-y-3">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        A stdio server runs on its own machine: run faultline-probe there (a terminal, a service, a CI step).
        It fetches the probe with the key, starts the command given on its own command line — never one from
        this instance — calls the test tool only when --allow-tool names it, and reports each run.
      </p>
      <form action={action} className="flex flex-wrap items-center gap-3 text-sm">
        <input type="hidden" name="project" value={project} />
        <input type="hidden" name="name" value="faultline-probe" />
        <input type="hidden" name="scopes" value="read" />
        <input type="hidden" name="scopes" value="ingest" />
        <p className="min-w-0">
          {key
            ? "This key is in every command below. Copy it now: it is not shown again."
            : "The commands say flk_… where a key with the ingest scope goes (the Connect page's key will do)."}
        </p>
        {key ? null : (
          <button type="submit" disabled={pending} className={button}>
            Create a key for faultline-probe
          </button>
        )}
      </form>
      {state && !state.ok ? <Message state={state} /> : null}
      {key ? (
        <CopyableValue
          value={key}
          what="the new key"
          testId="probe-key"
          className="bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        />
      ) : null}
      {probes.map((probe) => (
        <Snippet
          key={probe.id}
          label={`Run ${probe.name}`}
          name={`faultline-probe command for ${probe.name}`}
          testId="probe-command"
          text={probeCommand({
            baseUrl,
            key,
            probe: probe.name,
            allowTool: probe.tool,
            intervalSeconds: probe.intervalSeconds,
            command: probe.command,
          })}
        />
      ))}
    </div>
  );
}
