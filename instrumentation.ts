// Next.js calls register() once when its server starts. Under `npm start` / `npm run dev`
// (scripts/serve.ts) startup has already run and this awaits the same run; it is here so a
// bare `next start` still starts the database before serving.
export async function register() {
  // NEXT_RUNTIME is set by Next.js itself (not user configuration): only the Node.js
  // runtime can start PostgreSQL.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startOrExit } = await import("./lib/startup");
  await startOrExit();
}
