// `fray serve`: the HTTP API (src/server, docs/http-api.md) on a SQLite database, until Ctrl-C.
// The server's modules load only when this command runs, so other commands start as fast as before.
import type { Command } from "commander";
import { FrayError } from "../../core/errors.js";
import type { App } from "../../server/app.js";
import { positiveInt } from "./sim.js";

export interface ServeOptions {
  port?: string;
  host?: string;
  db?: string;
}

/** Starts the server and returns once it listens; it runs until Ctrl-C (or `close()`). */
export async function serve(options: ServeOptions): Promise<App> {
  const port = positiveInt(options.port, "--port", 4000, 0);
  if (port > 65_535) throw new FrayError(`--port: ${port} is not a port (0 to 65535)`, "--port");
  const db = options.db ?? "fray.sqlite";
  const { startServer } = await import("../../server/start.js");
  const { app, url, demo } = await startServer({ port, host: options.host ?? "127.0.0.1", db });
  const stop = () => void app.close();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  process.stdout.write(
    `Fray HTTP API at ${url} (its OpenAPI description: ${url}/openapi.json)\n` +
      `the GM's console: open ${url}/ in a browser (docs/console.md)\n` +
      `database ${db}${demo === null ? "" : `: stored the demo encounter ${demo.id}, "${demo.title}"`}\n` +
      "Ctrl-C stops it.\n",
  );
  return app;
}

export function registerServe(program: Command): void {
  program
    .command("serve")
    .description("serve the HTTP API (docs/http-api.md), keeping encounters in SQLite")
    .option("--port <n>", "port to listen on (default 4000)")
    .option("--host <host>", "address to listen on (default 127.0.0.1)")
    .option("--db <file>", "SQLite database file (default fray.sqlite here; created if need be)")
    .action(async (options: ServeOptions) => {
      await serve(options);
    });
}
