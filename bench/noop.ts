// The baseline for single-call latency, in a process of its own: a Node HTTP server that reads
// and parses each JSON body and answers 200 — no validation, no database. Prints its URL.
import { startNoopServer } from "./lib";

void startNoopServer().then((server) => process.stdout.write(`${server.url}\n`));
