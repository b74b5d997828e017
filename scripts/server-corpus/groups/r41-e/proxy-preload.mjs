// Loaded into @pipedream/mcp (NODE_OPTIONS=--import): its SDK (@pipedream/sdk) calls Node's built-in fetch, and so
// does oauth4webapi for the OAuth token, both with the host written into the SDK (https://api.pipedream.com). On
// Node 20 that fetch ignores HTTPS_PROXY, so this makes undici's ProxyAgent the global dispatcher, as Node 24 does
// itself with NODE_USE_ENV_PROXY. The server's own code is not touched.
import { ProxyAgent, setGlobalDispatcher } from "undici";

const proxy = process.env.HTTPS_PROXY;
if (proxy) setGlobalDispatcher(new ProxyAgent(proxy));
