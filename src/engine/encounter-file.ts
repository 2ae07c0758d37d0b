// Encounter and exchange files: their shape (docs/encounter-format.md), validated in full
// before anything is built, so a broken file never leaves a half-built encounter behind.
import { z } from "zod";
import type { Json, JsonObject } from "./json.js";
import { formatPath, InputError, parseInput } from "./input-error.js";
import type { CombatantSpec, EncounterSetup, Ruleset, SideSpec } from "./ruleset.js";
import { resolveSwitches } from "./switches.js";
import { ownEntry } from "../core/name-table.js";
import {
  assignedTactics,
  checkTactics,
  Playbook,
  tacticsChoiceSchema,
  type TacticsChoice,
} from "./tactics.js";

/**
 * The longest id or name of a combatant or a side, and title, in characters: a table's names are
 * a few words (the examples' longest, a side's, is 25 characters). A name is written into every result
 * and sought in every text a player's screen shows; a name of a megabyte made results of tens of
 * megabytes, and a pattern of the names too large for the engine (auto-play failed, a 500).
 */
export const NAME_MOST = 100;
export const TITLE_MOST = 200;

const id = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/, "an id is letters, digits, '-' and '_' only")
  .max(NAME_MOST, `an id is at most ${NAME_MOST} characters`);
const name = z.string().max(NAME_MOST, `a name is at most ${NAME_MOST} characters`);
const title = z.string().max(TITLE_MOST, `a title is at most ${TITLE_MOST} characters`);

/**
 * A seed for Fray's dice: a safe integer (Rng.fromSeed takes it modulo 2^32), refused in the words
 * of a file or a request, where zod's own ("Too big: expected int to be <=9007199254740991") named
 * no fix. `leftOut` says what a seed left out means there.
 */
export function seedSchema(leftOut: string): z.ZodInt {
  const most = Number.MAX_SAFE_INTEGER;
  return z.int(
    `a seed is a whole number from -${most} to ${most} (2^53 - 1): write one in that range, or leave seed out (${leftOut})`,
  );
}

const combatantBase = z.looseObject({ id, name: name.min(1).optional(), side: id });
const loose = z.record(z.string(), z.unknown());

const encounterFile = z.strictObject({
  ruleset: z.string(),
  title: title.optional(),
  description: z.string().optional(),
  seed: seedSchema("the dice then start from seed 1").optional(),
  switches: loose.optional(),
  options: loose.optional(),
  sides: z.array(z.strictObject({ id, name: name.optional() })).optional(),
  combatants: z.array(combatantBase).min(2, "an encounter needs at least two combatants"),
  arrivalTactics: z.record(id, z.unknown()).optional(),
});

const exchangeFile = z.strictObject({
  ruleset: z.string(),
  title: title.optional(),
  description: z.string().optional(),
  switches: loose.optional(),
  attacker: combatantBase.extend({ side: id.optional() }),
  defender: combatantBase.extend({ side: id.optional() }),
  situation: loose.optional(),
  decisions: z.record(z.string(), z.json()).optional(),
});

export type RulesetRegistry = Readonly<Record<string, Ruleset>>;

/** A validated encounter: its ruleset, the setup handed to it, and the file's own fields. */
export interface EncounterDefinition {
  readonly ruleset: Ruleset;
  readonly title: string;
  readonly seed: number | undefined;
  readonly setup: EncounterSetup;
  /** The file's content as parsed, kept in logs so that a log replays on its own. */
  readonly file: JsonObject;
  /** The combatants' tactics: what answers their decisions when nobody else does. */
  readonly playbook: Playbook;
  /**
   * The tactics of combatants the GM brings in during the fight (late arrivals: their blocks are
   * in the log, not in `combatants`), by id: the encounter's definition, as the file's are.
   */
  readonly arrivalTactics: Readonly<Record<string, TacticsChoice>>;
}

export interface ExchangeDefinition {
  readonly ruleset: Ruleset;
  readonly title: string;
  readonly attacker: CombatantSpec;
  readonly defender: CombatantSpec;
  readonly situation: JsonObject;
  readonly switches: JsonObject;
  readonly decisions: Readonly<Record<string, Json>>;
  /** The attacker's and the defender's tactics, for the decisions not fixed by `decisions`. */
  readonly playbook: Playbook;
}

/**
 * The ruleset a file names, found before anything else in it is checked: the rest of the file is
 * read by its rules, so a misspelt ruleset is the first thing to fix.
 */
function rulesetOf(content: unknown, registry: RulesetRegistry, source: string): Ruleset {
  const known = Object.keys(registry).sort().join(", ");
  const named = parseInput(
    z.looseObject({
      ruleset: z.string({ error: `ruleset names the rules of the file: ${known}` }),
    }),
    content,
    source,
  );
  const ruleset = ownEntry(registry, named.ruleset);
  if (ruleset === undefined) {
    throw new InputError(
      `${source}: ruleset: unknown ruleset "${named.ruleset}"; known: ${known}`,
      `${source}: ruleset`,
    );
  }
  return ruleset;
}

function combatant(
  ruleset: Ruleset,
  raw: {
    readonly id: string;
    readonly name?: string | undefined;
    readonly side?: string | undefined;
    readonly [k: string]: unknown;
  },
  defaultSide: string,
  source: string,
  path: readonly (string | number)[],
): CombatantSpec {
  const { id: cid, name, side, tactics, ...stats } = raw;
  const spec: CombatantSpec = {
    id: cid,
    name: name ?? cid,
    side: typeof side === "string" ? side : defaultSide,
    stats: parseInput(ruleset.combatantSchema, stats, source, path),
  };
  if (tactics === undefined) return spec;
  const at = [...path, "tactics"];
  const where = `${source}: ${formatPath(at)}`;
  const choice = checkTactics(
    ruleset.tactics,
    parseInput(tacticsChoiceSchema, tactics, source, at),
    where,
  );
  return { ...spec, tactics: choice };
}

/** A combatant of an encounter: its id unused so far (then taken), its side one of `sides`. */
function checkedCombatant(
  ruleset: Ruleset,
  raw: z.infer<typeof combatantBase>,
  sides: readonly SideSpec[],
  taken: Set<string>,
  source: string,
  path: readonly (string | number)[],
): CombatantSpec {
  const at = `${source}: ${formatPath([...path, "id"])}`;
  if (taken.has(raw.id)) {
    throw new InputError(`${at}: "${raw.id}" is used twice; ids must be unique`, at);
  }
  taken.add(raw.id);
  if (!sides.some((s) => s.id === raw.side)) {
    const where = `${source}: ${formatPath([...path, "side"])}`;
    throw new InputError(
      `${where}: unknown side "${raw.side}"; sides: ${sides.map((s) => s.id).join(", ")}`,
      where,
    );
  }
  return combatant(ruleset, raw, raw.side, source, path);
}

/**
 * One combatant as an encounter file lists it (id, name, side and the ruleset's stats), checked
 * against the encounter's sides and the ids `taken` already: a late arrival the GM brings in.
 */
export function parseCombatant(
  ruleset: Ruleset,
  raw: unknown,
  sides: readonly SideSpec[],
  taken: ReadonlySet<string>,
  source: string,
): CombatantSpec {
  const entry = parseInput(combatantBase, raw, source);
  return checkedCombatant(ruleset, entry, sides, new Set(taken), source, []);
}

/**
 * A stat block kept for later (a roster's entry): a combatant as an encounter file lists it, its
 * side optional, its stats checked by the ruleset.
 */
export function parseStatBlock(ruleset: Ruleset, raw: unknown, source: string): CombatantSpec {
  const entry = parseInput(combatantBase.extend({ side: id.optional() }), raw, source);
  return combatant(ruleset, entry, "", source, []);
}

/**
 * Two combatants of one name (or of names differing only in case) would make options and results
 * that read alike ("attack Goblin" twice): refused at the second, with the name a tracker gives.
 */
function refuseNamesAlike(combatants: readonly CombatantSpec[], source: string): void {
  const spoken = combatants.map((c) => c.name.trim().toLowerCase());
  spoken.forEach((name, i) => {
    const first = spoken.indexOf(name);
    if (first === i) return;
    const where = `${source}: combatants[${i}].name`;
    const { name: given } = combatants[i]!;
    throw new InputError(
      `${where}: "${given}" is also the name of combatants[${first}] (id ${combatants[first]!.id}); each combatant needs a name of its own, or their options read alike`,
      where,
      `number them as a tracker does: "${combatants[first]!.name.trim()} 2"`,
    );
  });
}

/** An exchange file (attacker, defender, no combatants) given where an encounter is expected. */
function refuseExchangeFile(content: unknown, source: string): void {
  if (typeof content !== "object" || content === null || "combatants" in content) return;
  if (!("attacker" in content && "defender" in content)) return;
  throw new InputError(
    `${source}: this is an exchange file (one attacker against one defender), not an encounter`,
    source,
    "an exchange's exact odds come from `fray odds <file>` (or the HTTP API's odds route); " +
      "to play or simulate a fight, list the fighters under `combatants:` (docs/encounter-format.md)",
  );
}

/**
 * Builds the encounter's starting state once, so that what only a ruleset's setup can check (an
 * option naming no combatant, a side that is not in the file) fails here, before anything plays,
 * with the file named like every other error in it. Setting up is cheap, and the rulesets whose
 * setup builds much keep what they built (`buildOnce`).
 */
function checkSetup(ruleset: Ruleset, setup: EncounterSetup, source: string): void {
  try {
    ruleset.setup(setup);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    throw new InputError(
      `${source}: ${error.message}`,
      error.where === undefined ? source : `${source}: ${error.where}`,
      error.hint,
    );
  }
}

/**
 * The file's `arrivalTactics`: each a choice the ruleset knows, for an id none of the file's
 * combatants has (those give theirs in their entry).
 */
function arrivalTacticsOf(
  ruleset: Ruleset,
  given: Readonly<Record<string, unknown>>,
  combatants: readonly CombatantSpec[],
  source: string,
): Record<string, TacticsChoice> {
  const out: Record<string, TacticsChoice> = {};
  for (const [cid, raw] of Object.entries(given)) {
    const at = ["arrivalTactics", cid];
    const where = `${source}: ${formatPath(at)}`;
    if (combatants.some((c) => c.id === cid)) {
      throw new InputError(
        `${where}: "${cid}" is one of the file's combatants, not a late arrival`,
        where,
        `give its tactics in its entry of combatants (tactics: ...)`,
      );
    }
    out[cid] = checkTactics(
      ruleset.tactics,
      parseInput(tacticsChoiceSchema, raw, source, at),
      where,
    );
  }
  return out;
}

/** Validates an encounter file's parsed content (from YAML or JSON); `source` names it in errors. */
export function parseEncounterFile(
  content: unknown,
  registry: RulesetRegistry,
  source: string,
): EncounterDefinition {
  refuseExchangeFile(content, source);
  const ruleset = rulesetOf(content, registry, source);
  const file = parseInput(encounterFile, content, source);
  file.sides?.forEach((side, i, all) => {
    const first = all.findIndex((s) => s.id === side.id);
    if (first === i) return;
    throw new InputError(
      `${source}: sides[${i}].id: "${side.id}" is used twice (sides[${first}] is "${side.id}" too); side ids must be unique`,
      `${source}: sides[${i}].id`,
      "give each side its own id, and each combatant the side it is on",
    );
  });
  const sideIds = file.combatants.map((c) => c.side).filter((s, i, all) => all.indexOf(s) === i);
  const sides: SideSpec[] = file.sides
    ? file.sides.map((s) => ({ id: s.id, name: s.name ?? s.id }))
    : sideIds.map((s) => ({ id: s, name: s }));
  const seen = new Set<string>();
  const combatants = file.combatants.map((raw, i) =>
    checkedCombatant(ruleset, raw, sides, seen, source, ["combatants", i]),
  );
  refuseNamesAlike(combatants, source);
  if (new Set(combatants.map((c) => c.side)).size < 2) {
    throw new InputError(
      `${source}: combatants: every combatant is on one side; a fight needs two sides`,
      `${source}: combatants`,
    );
  }
  const setup: EncounterSetup = {
    sides,
    combatants,
    switches: resolveSwitches(ruleset, file.switches, source),
    options: parseInput(ruleset.encounterOptionsSchema, file.options ?? {}, source, ["options"]),
  };
  checkSetup(ruleset, setup, source);
  const arrivalTactics = arrivalTacticsOf(ruleset, file.arrivalTactics ?? {}, combatants, source);
  return {
    ruleset,
    title: file.title ?? `${ruleset.title} encounter`,
    seed: file.seed,
    setup,
    file: JSON.parse(JSON.stringify(file)) as JsonObject,
    playbook: new Playbook(ruleset.tactics, {
      ...arrivalTactics,
      ...assignedTactics(combatants),
    }),
    arrivalTactics,
  };
}

/** Validates an exchange file: two combatants, the situation and any fixed decisions. */
export function parseExchangeFile(
  content: unknown,
  registry: RulesetRegistry,
  source: string,
): ExchangeDefinition {
  const ruleset = rulesetOf(content, registry, source);
  const file = parseInput(exchangeFile, content, source);
  const attacker = combatant(ruleset, file.attacker, "attackers", source, ["attacker"]);
  const defender = combatant(ruleset, file.defender, "defenders", source, ["defender"]);
  if (attacker.id === defender.id) {
    throw new InputError(
      `${source}: defender.id: the attacker and the defender are both "${attacker.id}"`,
      `${source}: defender.id`,
    );
  }
  return {
    ruleset,
    title: file.title ?? `${attacker.name} against ${defender.name}`,
    attacker,
    defender,
    situation: parseInput(ruleset.exchange.situationSchema, file.situation ?? {}, source, [
      "situation",
    ]),
    switches: resolveSwitches(ruleset, file.switches, source),
    decisions: file.decisions ?? {},
    playbook: new Playbook(ruleset.tactics, assignedTactics([attacker, defender])),
  };
}
