// Loaded into nx-mcp (NODE_OPTIONS=--import): it calls Node's built-in fetch with hosts written into it
// (https://cloud.nx.app, https://nx.dev, https://raw.githubusercontent.com), and on Node 20 that fetch
// ignores HTTPS_PROXY, so this makes undici's ProxyAgent the global dispatcher, as Node 24 does itself with
// NODE_USE_ENV_PROXY. The server's own code is not touched.
import { ProxyAgent, setGlobalDispatcher } from "undici";

const proxy = process.env.HTTPS_PROXY;
if (proxy) setGlobalDispatcher(new ProxyAgent(proxy));
