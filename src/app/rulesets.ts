// The rulesets the interfaces play: the five Fray ships and any loaded from a module the user
// names (`fray play --ruleset ./my-ruleset.js ...`, docs/architecture.md "A ruleset in a package
// of its own"). The CLI and the server look rulesets up here, never in src/rulesets directly, so
// that a loaded ruleset is known to every command; worker threads get its module's URL.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { FrayError } from "../core/errors.js";
import type { Ruleset } from "../engine/ruleset.js";
import { rulesets as shipped } from "../rulesets/index.js";
import { loadedModules as modules } from "./ruleset-modules.js";

export { loadedModuleUrls, rulesetModuleUrl } from "./ruleset-modules.js";

const known: Record<string, Ruleset> = { ...shipped };

/** Every ruleset by id: Fray's own, then those loaded with `loadRulesetModule`. */
export const rulesets: Readonly<Record<string, Ruleset>> = known;

/** The game a ruleset plays, by its name: the ruleset's `game`, its id when it gives none. */
export const gameName = (r: Ruleset): string => r.game ?? r.id;

/** The game ruleset `id` plays, by its name (gameName; the id of a ruleset not known here). */
export const gameOf = (id: string): string => {
  const r = known[id];
  return r === undefined ? id : gameName(r);
};

/** What a ruleset must hold, member by member, and of which type (src/engine/ruleset.ts). */
const MEMBERS = {
  id: "string",
  version: "string",
  title: "string",
  source: "string",
  sections: "object",
  switches: "object",
  tables: "object",
  coverage: "object",
  frayDefaults: "object",
  combatantSchema: "object",
  encounterOptionsSchema: "object",
  setup: "function",
  round: "function",
  outcome: "function",
  standing: "function",
  view: "function",
  exchange: "object",
} as const;

const HINT =
  "the module must export a Fray ruleset (the Ruleset contract of fray/ruleset) as its default export or as `ruleset`; see docs/architecture.md";

/**
 * Loads the ruleset exported by the ES module at `path` (a file path or a file: URL), checks that
 * it has every member of the contract and an id of its own, and adds it to `rulesets`. Loading
 * the same module again returns the ruleset it loaded.
 */
export async function loadRulesetModule(path: string, flag = "--ruleset"): Promise<Ruleset> {
  const file = path.startsWith("file:") ? fileURLToPath(path) : resolve(path);
  const url = pathToFileURL(file).href;
  const where = `${flag} ${path}`;
  if (!existsSync(file))
    throw new FrayError(`${where}: no such file`, flag, "give the path of the ruleset's module");
  let mod: Record<string, unknown>;
  try {
    mod = (await import(url)) as Record<string, unknown>;
  } catch (error) {
    const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new FrayError(`${where}: cannot load the module: ${why}`, flag, HINT);
  }
  const candidate = mod["default"] ?? mod["ruleset"];
  if (typeof candidate !== "object" || candidate === null)
    throw new FrayError(
      `${where}: exports no ruleset (no default export, no \`ruleset\`)`,
      flag,
      HINT,
    );
  const record = candidate as Record<string, unknown>;
  for (const [member, type] of Object.entries(MEMBERS)) {
    if (typeof record[member] !== type)
      throw new FrayError(
        `${where}: the ruleset has ${record[member] === undefined ? "no" : `a ${typeof record[member]} as its`} \`${member}\` (it must be a ${type})`,
        flag,
        HINT,
      );
  }
  const ruleset = candidate as Ruleset;
  if (modules.get(ruleset.id) === url) return ruleset;
  if (Object.hasOwn(known, ruleset.id))
    throw new FrayError(
      `${where}: a ruleset with the id "${ruleset.id}" is already known${modules.has(ruleset.id) ? ` (from ${modules.get(ruleset.id)})` : " (Fray ships it)"}`,
      flag,
      "give your ruleset an id of its own",
    );
  known[ruleset.id] = ruleset;
  modules.set(ruleset.id, url);
  return ruleset;
}
