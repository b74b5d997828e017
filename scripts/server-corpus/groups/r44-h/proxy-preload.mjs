// Loaded into @mikerob/lodgify-mcp (NODE_OPTIONS=--import): it calls Node's built-in fetch, which ignores HTTPS_PROXY on
// Node 20, so this makes undici's ProxyAgent the global dispatcher for it, as Node 24 does itself with
// NODE_USE_ENV_PROXY. The server's own code is not touched.
import { ProxyAgent, setGlobalDispatcher } from "undici";

const proxy = process.env.HTTPS_PROXY;
if (proxy) setGlobalDispatcher(new ProxyAgent(proxy));
