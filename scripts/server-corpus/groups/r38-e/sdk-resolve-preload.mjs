// Loaded into @heroku/mcp-server (NODE_OPTIONS=--import). Its dist/index.js imports the MCP SDK by extensionless deep
// paths ('@modelcontextprotocol/sdk/server/mcp', '.../server/stdio'); the SDK's exports map `./*` to `./dist/esm/*`
// with no extension added, so on every Node the published 1.2.8 stops at start with ERR_MODULE_NOT_FOUND. This hook
// retries only those SDK specifiers with `.js` appended, as a bundler would. No file of the server is touched, and
// nothing else is resolved differently.
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(`
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (error) {
    if (specifier.startsWith("@modelcontextprotocol/sdk/") && !specifier.endsWith(".js")) {
      return next(specifier + ".js", context);
    }
    throw error;
  }
}`),
);
