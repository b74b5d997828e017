// Next.js calls register() once when the server starts, before it serves a request.
export async function register() {
  // NEXT_RUNTIME is set by Next.js itself (not user configuration): only the Node.js
  // runtime can start PostgreSQL.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ stampPeerAddresses }, { startup, startupFailure }] = await Promise.all([
    import("./lib/http/peer-stamp"),
    import("./lib/startup"),
  ]);
  stampPeerAddresses();
  try {
    await startup();
  } catch (error) {
    // A server that cannot reach its database must not sit there accepting requests it
    // will never answer: say why in one line, and exit.
    console.error(`[faultline] cannot start: ${startupFailure(error)}`);
    process.exit(1);
  }
}
