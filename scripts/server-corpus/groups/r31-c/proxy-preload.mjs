// Loaded into both servers (NODE_OPTIONS=--import): @missionsquad/mcp-github and @opentofu/opentofu-mcp-server call
// their hosts with Node's built-in fetch, which on Node 20 ignores HTTPS_PROXY. This makes undici's ProxyAgent the
// global dispatcher, which undici 8 installs for Node's fetch too, as Node 24 does itself with NODE_USE_ENV_PROXY.
// The servers' own code is not touched. (Copied from r30-c.)
import { ProxyAgent, setGlobalDispatcher } from "undici";

const proxy = process.env.HTTPS_PROXY;
if (proxy) setGlobalDispatcher(new ProxyAgent(proxy));
