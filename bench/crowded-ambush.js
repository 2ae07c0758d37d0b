// karn's ambush in the pass with its combatants copied to a crowd, for the server's benchmarks of
// large fights (a server started with --max-combatants holds it): the encounter file, and the same
// auto-played to a long log, kept in the temp folder for the next run; and the server of a build to
// run them on. Nothing here is asserted by tests.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join, resolve } from "node:path";
import { URL, pathToFileURL } from "node:url";
import { parse } from "yaml";

/** The ambush's file, its combatants copied (ids and names numbered) to about `combatants`. */
export function crowdedAmbush(combatants) {
  const file = parse(
    readFileSync(new URL("../examples/karn/ambush-in-the-pass.yaml", import.meta.url), "utf8"),
  );
  const copies = Math.floor(combatants / file.combatants.length);
  file.combatants = Array.from({ length: copies }, (_, i) =>
    file.combatants.map((c) => ({ ...c, id: `${c.id}${i}`, name: `${c.name} ${i}` })),
  ).flat();
  return file;
}

/**
 * The crowded ambush as a stored encounter's record, auto-played under seed 1 until its log holds
 * `answers`, by a build's stored-encounter.js (`fromFile`, `changed`, `autoplay`); kept in the
 * temp folder, so that later runs (and other builds) read the same record.
 */
export function longAmbushRecord({ fromFile, changed, autoplay }, combatants, answers) {
  const kept = join(os.tmpdir(), `fray-bench-karn-${combatants}-${answers}.json`);
  if (existsSync(kept)) return JSON.parse(readFileSync(kept, "utf8"));
  const { record } = fromFile(crowdedAmbush(combatants), `ambush-${combatants}.yaml`, 1);
  const done = changed({ ...record, id: 0 }, (encounter, seed) => {
    try {
      autoplay(encounter, seed, "end", { id: 0, most: answers });
    } catch {
      // The cap: the log holds `answers`.
    }
  });
  const long = { ...record, ...done.progress };
  writeFileSync(kept, JSON.stringify(long));
  return long;
}

/**
 * The server's app and SQLite store from a build: the checkout's dist/, or `folder` (the dist of
 * another commit, to compare).
 */
export async function serverBuild(folder) {
  const dist =
    folder === undefined
      ? new URL("../dist/", import.meta.url)
      : pathToFileURL(`${resolve(folder)}/`);
  const server = (path) => new URL(`server/${path}`, dist).href;
  const { buildApp } = await import(server("app.js"));
  const { SqliteStore } = await import(server("sqlite-store.js"));
  return { buildApp, SqliteStore };
}
