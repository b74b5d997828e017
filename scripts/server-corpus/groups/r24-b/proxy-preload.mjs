// Loaded into the Vapi and Vonage servers (NODE_OPTIONS=--import): Vapi's SDK and Vonage's Reports tool call their
// hosts with Node's built-in fetch, which on Node 20 ignores HTTPS_PROXY, so this makes undici's ProxyAgent the global
// dispatcher, as Node 24 does itself with NODE_USE_ENV_PROXY. The servers' own code is not touched.
import { ProxyAgent, setGlobalDispatcher } from "undici";

const proxy = process.env.HTTPS_PROXY;
if (proxy) setGlobalDispatcher(new ProxyAgent(proxy));
