import type { Pool } from "pg";

/** Anything that runs a query: a pool, a client in a transaction (its own module, so that metrics need not load lib/db/connect). */
export type Queryable = Pick<Pool, "query">;
