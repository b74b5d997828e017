// Loaded into inngest-cloud-mcp (NODE_OPTIONS=--import): its client calls Node's built-in fetch with the host written
// into it (https://api.inngest.com), and on Node 20 that fetch ignores HTTPS_PROXY, so this makes undici's ProxyAgent
// the global dispatcher for it, as Node 24 does itself with NODE_USE_ENV_PROXY. The server's own code is not touched.
// (The same preload as group r36-b's.)
import { ProxyAgent, setGlobalDispatcher } from "undici";

const proxy = process.env.HTTPS_PROXY;
if (proxy) setGlobalDispatcher(new ProxyAgent(proxy));
