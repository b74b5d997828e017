// npm run db:migrate — apply pending migrations to DATABASE_URL (or the embedded database).
import { db } from "../lib/db";

db().then(
  async (database) => {
    console.log("Database is up to date.");
    await database.close();
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
