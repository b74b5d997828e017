// Resolve hook for node20-preload.mjs: `node:module` imported from @smartbear/mcp resolves to a shim that
// re-exports Node's module API and adds a no-op `enableCompileCache`.
const SHIM = `data:text/javascript,${encodeURIComponent(
  'import m from "node:module"; export * from "node:module"; export default m; ' +
    "export const enableCompileCache = m.enableCompileCache ?? (() => ({ status: 0 }));",
)}`;

export async function resolve(specifier, context, next) {
  if (specifier === "node:module" && context.parentURL?.includes("/@smartbear/mcp/")) {
    return { url: SHIM, shortCircuit: true };
  }
  return next(specifier, context);
}
