// Loaded into both servers (NODE_OPTIONS=--import): their calls to a host written into them use Node's built-in fetch,
// which on Node 20 ignores HTTPS_PROXY, so this makes undici's EnvHttpProxyAgent (HTTPS_PROXY, NO_PROXY) the global
// dispatcher, as Node 24 does itself with NODE_USE_ENV_PROXY. The servers' own code is not touched.
import { EnvHttpProxyAgent, setGlobalDispatcher } from "undici";

if (process.env.HTTPS_PROXY) setGlobalDispatcher(new EnvHttpProxyAgent());
