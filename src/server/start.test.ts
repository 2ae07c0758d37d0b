import { existsSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { FrayError } from "../core/errors.js";
import { gmSecretFile } from "./kept-gm-secret.js";
import { startServer, type RunningServer } from "./start.js";

describe("starting the server (fray serve)", () => {
  it("stores the demo encounter in a new database only, and serves on a real port", async () => {
    const db = join(mkdtempSync(join(tmpdir(), "fray-serve-")), "fray.sqlite");
    const first = await startServer({ port: 0, host: "127.0.0.1", db });
    expect(first.secured).toBe(false); // on loopback with no secret, the local GM is trusted
    expect(first.demo).toMatchObject({ id: 1, title: "Tombril and the Hill Giant" });
    expect(existsSync(`${db}.gm-secret`)).toBe(false); // nor a secret to keep
    const listed = (await (await fetch(`${first.url}/encounters`)).json()) as {
      encounters: { title: string }[];
    };
    expect(listed.encounters.map((e) => e.title)).toEqual(["Tombril and the Hill Giant"]);
    await first.app.close();
    const second = await startServer({ port: 0, host: "127.0.0.1", db });
    expect(second.demo).toBeNull();
    const again = (await (await fetch(`${second.url}/encounters`)).json()) as {
      encounters: unknown[];
    };
    expect(again.encounters).toHaveLength(1);
    await second.app.close();
  });

  it("on an address other machines reach, makes a GM secret and prints it in the GM's link", async () => {
    const db = join(mkdtempSync(join(tmpdir(), "fray-serve-")), "fray.sqlite");
    const server = await startServer({ port: 0, host: "0.0.0.0", db });
    try {
      expect(server.secured).toBe(true);
      const link = server.gmLinks![0]!;
      const secret = decodeURIComponent(link.split("#/gm/")[1]!);
      expect(secret).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const port = new URL(server.url).port;
      const encounters = `http://127.0.0.1:${port}/encounters`;
      expect((await fetch(encounters)).status).toBe(401);
      const gm = await fetch(encounters, { headers: { authorization: `Bearer ${secret}` } });
      expect(gm.status).toBe(200);
      // Its OpenAPI description is made at the start: a flood's first request for it held the
      // one thread the seconds its schemas took, the GM's page waiting behind it.
      const made = vi.spyOn(server.app, "swagger");
      const description = await fetch(`http://127.0.0.1:${port}/openapi.json`);
      expect(description.status).toBe(200);
      expect(((await description.json()) as { openapi: string }).openapi).toBe("3.1.0");
      expect(made).not.toHaveBeenCalled();
    } finally {
      await server.app.close();
    }
  });

  it("keeps the GM's secret it made beside the SQLite database, so that the GM's link outlives a restart", async () => {
    const db = join(mkdtempSync(join(tmpdir(), "fray-serve-")), "fray.sqlite");
    const first = await startServer({ port: 0, host: "0.0.0.0", db });
    const secretOf = (server: RunningServer) =>
      decodeURIComponent(server.gmLinks![0]!.split("#/gm/")[1]!);
    const made = secretOf(first);
    await first.app.close();
    expect(first.gmSecretKept).toEqual({ secret: made, file: `${db}.gm-secret`, made: true });
    expect(statSync(`${db}.gm-secret`).mode & 0o777).toBe(0o600);
    const second = await startServer({ port: 0, host: "0.0.0.0", db });
    try {
      expect(secretOf(second)).toBe(made);
      expect(second.gmSecretKept).toMatchObject({ made: false });
      const port = new URL(second.url).port;
      const gm = await fetch(`http://127.0.0.1:${port}/encounters`, {
        headers: { authorization: `Bearer ${made}` },
      });
      expect(gm.status).toBe(200);
    } finally {
      await second.app.close();
    }
    writeFileSync(`${db}.gm-secret`, "short\n");
    await expect(startServer({ port: 0, host: "0.0.0.0", db })).rejects.toThrow(
      `${db}.gm-secret: the GM's secret kept there is 5 characters, too short to keep the GM's rights`,
    );
    expect(gmSecretFile("postgres://gm@db.example/fray")).toBeNull();
    expect(gmSecretFile(":memory:")).toBeNull();
  });

  it("takes the GM's secret given (FRAY_GM_SECRET), refusing one too short to keep", async () => {
    const db = join(mkdtempSync(join(tmpdir(), "fray-serve-")), "fray.sqlite");
    await expect(startServer({ port: 0, host: "0.0.0.0", db, gmSecret: "short" })).rejects.toThrow(
      "FRAY_GM_SECRET: 5 characters is too short to keep the GM's rights",
    );
    const server = await startServer({
      port: 0,
      host: "127.0.0.1",
      db,
      gmSecret: "a-secret-of-the-gm-1",
    });
    expect(server.gmLinks).toBeNull();
    expect((await fetch(`${server.url}/encounters`)).status).toBe(401);
    await server.app.close();
  });

  it("on a port in use, says which and the flag to choose another", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fray-serve-"));
    const first = await startServer({ port: 0, host: "127.0.0.1", db: join(dir, "a.sqlite") });
    const port = Number(new URL(first.url).port);
    try {
      const taken = startServer({ port, host: "127.0.0.1", db: join(dir, "b.sqlite") });
      await expect(taken).rejects.toThrow(`--host 127.0.0.1 --port ${port}: cannot listen`);
      await expect(taken).rejects.toMatchObject({
        hint: `choose another port (\`fray serve --port ${port + 1}\`, or \`npm start -- --port ${port + 1}\`), or stop what listens on this one`,
      });
    } finally {
      await first.app.close();
    }
  });

  it("refuses a database in a folder that does not exist, saying so", async () => {
    const db = join(tmpdir(), "fray-no-such-folder", "x", "fray.sqlite");
    await expect(startServer({ port: 0, host: "127.0.0.1", db })).rejects.toThrow(FrayError);
    await expect(startServer({ port: 0, host: "127.0.0.1", db })).rejects.toThrow(
      `--db ${db}: cannot open the database`,
    );
    // Where a secret made would be kept beside it: the database's own error, not the secret's.
    await expect(startServer({ port: 0, host: "0.0.0.0", db })).rejects.toThrow(
      `--db ${db}: cannot open the database`,
    );
  });
});
