// A combatant's stats and gear as an encounter file gives them (zod), checked in full: the
// chapter's per-character numbers (actions a melee, initiative, strike, block, parry and dodge
// bonuses, the counterstrike skill, ALT, END and RES rated 5-95), attacks, armour (COV,
// protection (damage rating) per type, hit points) and natural armour per damage type.
import { z } from "zod";
import { compileDice } from "../../core/dice/index.js";
import type { JsonObject } from "../../engine/json.js";
import { tableKey } from "../../engine/table-keys.js";
import { ARMOURS, type ArmourRecord, type Rating } from "./data/armour.js";
import { ATTACKS, type AttackRecord } from "./data/attacks.js";
import { FUMBLE_COLUMNS } from "./data/charts.js";
import { DAMAGE_TYPES, type DamageType } from "./data/damage-types.js";

/** Hit points and stamina when the file gives none: the chapter has no hit-point rules. */
export const DEFAULT_HP = 15;
export const DEFAULT_SP = 15;
export const DEFAULT_ACTIONS = 2;
export const DEFAULT_ATTRIBUTE = 50;

const bonus = (what: string) =>
  z
    .int({ error: `${what} is a whole number` })
    .min(-30, `${what} is at least -30`)
    .max(40, `${what} is at most 40`);

const attribute = (what: string) =>
  z
    .int({ error: `${what} is a whole number from 5 to 95` })
    .min(5, `${what} is rated 5 to 95`)
    .max(95, `${what} is rated 5 to 95`)
    .default(DEFAULT_ATTRIBUTE);

const defence = (what: string) =>
  bonus(what)
    .nullable()
    .default(0)
    .describe(`${what} bonus, or null when the character cannot ${what}`);

const diceText = z.string().refine(
  (text) => {
    try {
      compileDice(text);
      return true;
    } catch {
      return false;
    }
  },
  { error: (issue) => `damage ${JSON.stringify(issue.input)} is not dice notation (e.g. 1d8)` },
);

const typeName = z.enum(DAMAGE_TYPES, {
  error: `a damage type is one of ${DAMAGE_TYPES.join(", ")}`,
});

const attackRecord = z.strictObject({
  name: z.string().min(1).default("Custom attack"),
  damage: diceText,
  types: z
    .union([typeName, z.array(typeName).min(1, "types needs at least one damage type")])
    .transform((t) => (typeof t === "string" ? [t] : t)),
  kind: z
    .enum(FUMBLE_COLUMNS, { error: `kind is one of ${FUMBLE_COLUMNS.join(", ")}` })
    .default("swing"),
  strike: bonus("strike").default(0),
  ranged: z.boolean().default(false),
  dodgePenalty: z.int().min(0).max(20).default(0),
  weapon: z.boolean().optional(),
  parry: z.boolean().optional(),
  untrainedPenalty: z.int().min(1, "untrainedPenalty is 1 to 15").max(15).default(5),
  needsTraining: z.boolean().default(false),
  hp: z.int().min(1).nullable().default(null),
});

/** "6 (3)" or [6, 3]: protection and damage rating for one damage type. */
const rating = z
  .union([
    z
      .string()
      .regex(/^\s*\d+\s*\(\s*\d+\s*\)\s*$/, 'a rating is written "6 (3)": protection (damage)'),
    z.tuple([z.int().min(0), z.int().min(0)]),
  ])
  .transform((r): [number, number] => {
    if (typeof r !== "string") return [r[0], r[1]];
    const m = /(\d+)\s*\(\s*(\d+)/.exec(r)!;
    return [Number(m[1]), Number(m[2])];
  });

const armourRecord = z.strictObject({
  name: z.string().min(1).default("Custom armour"),
  cov: z.int().min(0, "cov is 0 to 24").max(24, "cov is 0 to 24 (24: total coverage)"),
  hp: z.int().min(0, "hp is at least 0"),
  ratings: z.partialRecord(typeName, rating).default({}),
  areas: z.record(z.string(), z.int().min(0).max(24)).default({}),
  protectsNeck: z.boolean().default(false),
});

/** A key of a default table (with the known keys in the error) or a full record. */
function keyOrRecord<T extends z.ZodType>(what: string, keys: readonly string[], record: T) {
  const key = tableKey(what, keys);
  return z.unknown().transform((value, ctx): string | z.output<T> => {
    const result = typeof value === "string" ? key.safeParse(value) : record.safeParse(value);
    if (result.success) return result.data as string | z.output<T>;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: "custom", message: issue.message, path: [...issue.path] });
    }
    return z.NEVER;
  });
}

const attackEntry = keyOrRecord("attack", Object.keys(ATTACKS), attackRecord);

export const combatantSchema = z.strictObject({
  actions: z
    .int({ error: "actions is a whole number of full actions a melee" })
    .min(1, "actions is at least 1 (What Is a Melee: 1 to 3, rarely more)")
    .max(5, "actions is at most 5 (What Is a Melee: 1 to 3, rarely more)")
    .default(DEFAULT_ACTIONS),
  initiative: bonus("initiative").default(0),
  alt: attribute("alt"),
  end: attribute("end"),
  res: attribute("res"),
  hp: z.int().min(1, "hp is at least 1").max(1000).default(DEFAULT_HP),
  sp: z.int().min(1, "sp is at least 1").max(1000).default(DEFAULT_SP),
  strike: bonus("strike").default(0),
  damageBonus: bonus("damageBonus").default(0),
  block: defence("block"),
  parry: defence("parry"),
  dodge: defence("dodge"),
  counterstrike: z.boolean({ error: "counterstrike is true or false" }).default(false),
  shield: z.boolean({ error: "shield is true or false" }).default(false),
  calledShots: z.boolean({ error: "calledShots is true or false" }).default(false),
  attacks: z
    .array(attackEntry)
    .min(1, "attacks needs at least one attack")
    .default(["punch", "kick"]),
  untrained: z.array(z.string()).default([]),
  armour: keyOrRecord("armour", Object.keys(ARMOURS), armourRecord).default("none"),
  natural: z.partialRecord(typeName, z.int().min(0).max(100)).default({}),
  field: z.int().min(0).max(1000).default(0),
  skills: z.record(z.string(), z.int().min(1).max(100)).default({}),
});

export type KarnStats = z.output<typeof combatantSchema>;

const parsed = new WeakMap<object, KarnStats>();

/** Parses stats from an encounter or exchange file (the engine has validated them already). */
export function readStats(raw: JsonObject): KarnStats {
  let stats = parsed.get(raw);
  if (stats === undefined) {
    stats = combatantSchema.parse(raw);
    parsed.set(raw, stats);
  }
  return stats;
}

type AttackInput = z.output<typeof attackRecord>;

export interface ResolvedAttack extends AttackRecord {
  /** The table key, or the record's name. */
  readonly key: string;
}

export function attacksOf(stats: KarnStats): ResolvedAttack[] {
  return stats.attacks.map((a) => {
    if (typeof a === "string") return { key: a, ...ATTACKS[a]! };
    const r = a as AttackInput;
    const weapon = r.weapon ?? r.kind !== "hand";
    return {
      key: r.name,
      name: r.name,
      damage: r.damage,
      types: r.types as DamageType[],
      kind: r.kind,
      strike: r.strike,
      ranged: r.ranged,
      dodgePenalty: r.dodgePenalty,
      weapon,
      parry: r.parry ?? (weapon && !r.ranged),
      untrainedPenalty: r.untrainedPenalty,
      needsTraining: r.needsTraining,
      hp: r.hp,
    };
  });
}

export function armourOf(stats: KarnStats): ArmourRecord {
  const a = stats.armour;
  if (typeof a === "string") return ARMOURS[a]!;
  const r = a as z.output<typeof armourRecord>;
  return {
    name: r.name,
    cov: r.cov,
    hp: r.hp,
    ratings: r.ratings as Partial<Record<DamageType, Rating>>,
    areas: r.areas,
    protectsNeck: r.protectsNeck,
  };
}
