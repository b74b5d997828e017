import { startAppServer, type AppServer } from "./app-server";
import { createTestDatabase, type TestDatabase } from "./test-database";

// A dashboard under test: a database of its own, the built app with a first admin and an ingest
// key, and the webhook to seed it through (what a sender would call).

export interface DashboardApp {
  database: TestDatabase;
  app: AppServer;
  /** POST /api/v1/calls with the app's ingest key. */
  postCalls(body: unknown): Promise<Response>;
  stop(): Promise<void>;
}

export async function startDashboardApp(
  label: string,
  { key, admin }: { key: string; admin: { email: string; password: string } },
): Promise<DashboardApp> {
  const database = await createTestDatabase(label);
  const app = await startAppServer({
    DATABASE_URL: database.url,
    FAULTLINE_INIT_INGEST_KEY: key,
    FAULTLINE_ADMIN_EMAIL: admin.email,
    FAULTLINE_ADMIN_PASSWORD: admin.password,
  }).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  return {
    database,
    app,
    postCalls: (body) =>
      fetch(`${app.url}/api/v1/calls`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    stop: async () => {
      await app.stop();
      await database.drop();
    },
  };
}
