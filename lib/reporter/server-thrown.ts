import { quietly } from "./guest.js";
import { attempt } from "./labels.js";

// Learning what a tool threw. McpServer turns a throw into an isError result carrying only the
// message, and a low-level Server into a JSON-RPC error: the exception's class is visible only
// where it is thrown, so the callbacks are wrapped. A wrapper calls the original with the same
// `this` and arguments and returns exactly what it returned (the same promise, not a new one);
// it only notes a throw or a rejection, by the request id in the SDK's `extra` (its last
// argument), and leaves it to travel on as before.
//
// What is public and what is not:
// - tools registered after instrumenting: `registerTool` and `tool()` are wrapped on the instance,
//   their callback wrapped on the way in (public API), and the RegisteredTool's `update` so a
//   callback replaced later is wrapped too;
// - tools registered before: reached through McpServer's private `_registeredTools` (each entry's
//   `handler`); a low-level Server's handler set before instrumenting, through Protocol's private
//   `_requestHandlers` map. If either is missing or shaped otherwise, those calls are still
//   reported — only without the exception's class (the message is in what the client received).

/** Told that the request with the SDK's `extra` threw `error`. */
export type NoteThrown = (extra: unknown, error: unknown) => void;

type Callback = (...args: unknown[]) => unknown;

const WRAPPED = new WeakSet<Callback>();

export function watchCallback<T>(callback: T, note: NoteThrown): T {
  if (typeof callback !== "function" || WRAPPED.has(callback as Callback)) return callback;
  const original = callback as Callback;
  const wrapped: Callback = function (this: unknown, ...args: unknown[]) {
    const extra = args[args.length - 1];
    let result: unknown;
    try {
      result = original.apply(this, args);
    } catch (error) {
      quietly(() => note(extra, error));
      throw error;
    }
    // Only a native promise is observed: another thenable's `then` might run its work again.
    // The branch noted here ends resolved; the SDK awaits `result` itself, as it always did.
    if (result instanceof Promise)
      void result.then(undefined, (error: unknown) => quietly(() => note(extra, error)));
    return result;
  };
  WRAPPED.add(wrapped);
  return wrapped as T;
}

interface McpServerLike {
  registerTool?: (...args: unknown[]) => unknown;
  tool?: (...args: unknown[]) => unknown;
  _registeredTools?: Record<string, unknown>;
}

interface RegisteredToolLike {
  handler?: unknown;
  update?: (updates: unknown) => unknown;
}

/** Wraps the tool callbacks of an McpServer, now and later. Returns whether the existing ones were reached. */
export function watchToolCallbacks(server: McpServerLike, note: NoteThrown): boolean {
  // The RegisteredTool returned is watched too: `update({ callback })` may replace the callback.
  const registered = (tool: unknown) => watchRegisteredTool(tool, note);
  wrapMethod(
    server,
    "registerTool",
    (args) => {
      if (args.length >= 3) args[2] = watchCallback(args[2], note);
    },
    registered,
  );
  // tool(name, description?, paramsSchema?, annotations?, callback): the callback is always last.
  wrapMethod(
    server,
    "tool",
    (args) => {
      if (args.length >= 2) args[args.length - 1] = watchCallback(args[args.length - 1], note);
    },
    registered,
  );
  const tools = attempt(() => server._registeredTools);
  if (typeof tools !== "object" || tools === null) return false;
  for (const name of Object.keys(tools)) {
    quietly(() => watchRegisteredTool(tools[name], note));
  }
  return true;
}

/** Wraps a low-level Server's request handlers, now (tools/call) and later. Returns whether the existing one was reached. */
export function watchRequestHandlers(
  server: { setRequestHandler?: (...args: unknown[]) => unknown; _requestHandlers?: unknown },
  note: NoteThrown,
): boolean {
  // Every handler set later is wrapped: the schema's method is not read (zod internals); a
  // throw is noted only for a tools/call in flight with the request's id.
  wrapMethod(server, "setRequestHandler", (args) => {
    if (args.length >= 2) args[1] = watchCallback(args[1], note);
  });
  const handlers = attempt(() => server._requestHandlers);
  if (!(handlers instanceof Map)) return false;
  const existing: unknown = handlers.get("tools/call");
  if (typeof existing === "function") handlers.set("tools/call", watchCallback(existing, note));
  return true;
}

function watchRegisteredTool(entry: unknown, note: NoteThrown): void {
  if (typeof entry !== "object" || entry === null) return;
  const tool = entry as RegisteredToolLike;
  // A task tool's handler is an object ({ createTask, … }), left alone.
  if (typeof tool.handler === "function") tool.handler = watchCallback(tool.handler, note);
  const update = tool.update;
  if (typeof update !== "function") return;
  tool.update = function (this: unknown, updates: unknown) {
    const callback = attempt(() => (updates as { callback?: unknown } | undefined)?.callback);
    const changed =
      typeof callback === "function"
        ? { ...(updates as object), callback: watchCallback(callback, note) }
        : updates;
    return update.call(this, changed);
  };
}

/**
 * Replaces `object[name]` by a function that lets `adjust` change the arguments (wrap a
 * callback), calls the original, and shows `after` what it returned (unchanged).
 */
function wrapMethod(
  object: object,
  name: string,
  adjust: (args: unknown[]) => void,
  after?: (returned: unknown) => void,
): void {
  const original = (object as Record<string, unknown>)[name];
  if (typeof original !== "function") return;
  const method = original as Callback;
  quietly(() => {
    (object as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      quietly(() => adjust(args));
      const returned = method.apply(this, args);
      if (after) quietly(() => after(returned));
      return returned;
    };
  });
}
