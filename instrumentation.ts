// Next.js calls register() once when the server starts, before it serves a request.
export async function register() {
  // NEXT_RUNTIME is set by Next.js itself (not user configuration): only the Node.js
  // runtime can start PostgreSQL.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startup } = await import("./lib/startup");
    await startup();
  }
}
