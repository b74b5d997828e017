// Loaded into the SmartBear (BugSnag) server (NODE_OPTIONS=--import): @smartbear/mcp 0.41.0 declares Node 22
// and imports `enableCompileCache` from node:module, which Node 20 (the corpus's Node) does not have, so the
// server would not even load. This registers a resolve hook that gives the server's own files a node:module
// with a no-op `enableCompileCache` (the function only turns on V8's on-disk code cache). Nothing else is
// changed; the server's code is not touched.
import { register } from "node:module";

register(new URL("./node20-hooks.mjs", import.meta.url));
