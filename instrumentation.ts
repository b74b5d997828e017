// Next.js calls register() once when the server starts, before it serves a request.
export async function register() {
  // NEXT_RUNTIME is set by Next.js itself (not user configuration): only the Node.js
  // runtime can start PostgreSQL.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ installServerHook }, { startOrExit }] = await Promise.all([
    import("./lib/http/server-hook"),
    import("./lib/startup"),
  ]);
  installServerHook();
  await startOrExit();
}
