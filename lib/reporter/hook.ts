// Watching a callback the SDK assigns to an object (a transport's `onmessage`, `onclose`)
// without taking the property over. Two shapes are met in the SDK, and both must keep working:
// - a plain field (the stdio and in-memory transports): the value is kept here;
// - an accessor on the prototype that forwards to another object (the Node Streamable HTTP
//   server transport forwards `onmessage` to the web-standard transport inside it, which is
//   the one that calls it): the accessor keeps being used, so the inner object still receives
//   the handler — only wrapped.
// Each handler assigned is wrapped once; what the getter returns is what the setter stored.

type Handler = (...args: unknown[]) => unknown;

const WRAPPERS = new WeakSet<Handler>();

/**
 * Makes every function assigned to `object[key]` (and the one there now) call `before` with
 * its arguments first. Returns false, changing nothing, when the property cannot be redefined.
 */
export function beforeEachCall(object: object, key: string, before: (...args: unknown[]) => void): boolean {
  const descriptor = findDescriptor(object, key);
  const own = Object.getOwnPropertyDescriptor(object, key);
  if (own && !own.configurable) return false;
  if (descriptor && !descriptor.get && !descriptor.set && descriptor.writable === false) return false;
  const wrap = (handler: unknown): unknown => {
    if (typeof handler !== "function" || WRAPPERS.has(handler as Handler)) return handler;
    const original = handler as Handler;
    const wrapper: Handler = function (this: unknown, ...args: unknown[]) {
      try {
        before(...args);
      } catch {
        // watching must never break the host's own traffic
      }
      return original.apply(this, args);
    };
    WRAPPERS.add(wrapper);
    return wrapper;
  };
  const accessor = descriptor && (descriptor.get || descriptor.set) ? descriptor : undefined;
  let value: unknown = accessor ? undefined : descriptor?.value;
  const current = accessor ? accessor.get?.call(object) : value;
  try {
    Object.defineProperty(object, key, {
      configurable: true,
      enumerable: true,
      get: accessor ? () => accessor.get?.call(object) : () => value,
      set: accessor
        ? (handler: unknown) => accessor.set?.call(object, wrap(handler))
        : (handler) => (value = wrap(handler)),
    });
  } catch {
    return false;
  }
  // The handler already there (set before we came) is wrapped too.
  if (current !== undefined) (object as Record<string, unknown>)[key] = current;
  return true;
}

function findDescriptor(object: object, key: string): PropertyDescriptor | undefined {
  for (let target: object | null = object; target; target = Object.getPrototypeOf(target) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (descriptor) return descriptor;
  }
  return undefined;
}
