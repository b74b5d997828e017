// Loaded into @pipedream/mcp (NODE_OPTIONS=--import): its Pipedream SDK (@pipedream/sdk 1.x) and the OAuth library
// under it (oauth4webapi) call Node's built-in fetch with the host written into the SDK (https://api.pipedream.com),
// and on Node 20 that fetch ignores HTTPS_PROXY, so this makes undici's ProxyAgent the global dispatcher, as Node 24
// does itself with NODE_USE_ENV_PROXY. The server's own code is not touched.
import { ProxyAgent, setGlobalDispatcher } from "undici";

const proxy = process.env.HTTPS_PROXY;
if (proxy) setGlobalDispatcher(new ProxyAgent(proxy));
