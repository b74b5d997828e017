// Loaded into hevy-mcp and unofficial-ravensburger-playhub-mcp (NODE_OPTIONS=--import): their calls use Node's built-in fetch, which on Node 20 ignores
// HTTPS_PROXY, so this makes undici's ProxyAgent the global dispatcher for them, as Node 24 does itself with
// NODE_USE_ENV_PROXY. The server's own code is not touched.
import { ProxyAgent, setGlobalDispatcher } from "undici";

const proxy = process.env.HTTPS_PROXY;
if (proxy) setGlobalDispatcher(new ProxyAgent(proxy));
