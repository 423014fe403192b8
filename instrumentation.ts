// Runs once when a server instance starts, before it answers a request:
// validates the configuration and brings the database schema up to date. A
// failure stops the process, so the app never serves on a half-migrated
// database.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServer } = await import("./lib/startup/start-server");
  await startServer();
}
