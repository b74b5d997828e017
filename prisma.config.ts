import { defineConfig } from "prisma/config";

// Used by the Prisma CLI only. The app connects through lib/db (driver adapter),
// and migrations are applied by lib/db/migrate.ts (see docs/DEVELOPMENT.md, "Migrations").
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "" },
});
