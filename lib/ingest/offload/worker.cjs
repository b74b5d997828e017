// Loaded by Piscina in each ingest worker thread (./pool.ts). The server runs TypeScript through
// tsx; a worker thread does not inherit tsx's module hooks, so it registers them itself, then
// hands over the task function. (CommonJS on purpose: it runs before any TypeScript can.)
/* eslint-disable @typescript-eslint/no-require-imports */
const { register } = require("tsx/cjs/api");

if (!require.extensions[".ts"]) register();
module.exports = require("./worker.ts").default;
