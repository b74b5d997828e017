// Loaded into youtube-video-summarizer-mcp (NODE_OPTIONS=--import): its caption library (youtube-caption-extractor)
// calls Node's built-in fetch with the host written into it (https://www.youtube.com), and on Node 20 that fetch
// ignores HTTPS_PROXY, so this makes undici's ProxyAgent the global dispatcher, as Node 24 does itself with
// NODE_USE_ENV_PROXY. The server's own code is not touched.
import { ProxyAgent, setGlobalDispatcher } from "undici";

const proxy = process.env.HTTPS_PROXY;
if (proxy) setGlobalDispatcher(new ProxyAgent(proxy));
