// Loaded into both servers (NODE_OPTIONS=--import): companies-house-mcp calls its host with Node's built-in fetch,
// which on Node 20 ignores HTTPS_PROXY, and european-parliament-mcp-server with undici 8's own fetch. This makes
// undici's ProxyAgent the global dispatcher, which undici 8 installs for both (its own dispatcher and the one Node's
// fetch reads), as Node 24 does itself with NODE_USE_ENV_PROXY. The servers' own code is not touched.
import { ProxyAgent, setGlobalDispatcher } from "undici";

const proxy = process.env.HTTPS_PROXY;
if (proxy) setGlobalDispatcher(new ProxyAgent(proxy));
