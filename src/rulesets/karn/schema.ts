// A combatant's stats and gear as an encounter file gives them (zod), checked in full: the
// chapter's per-character numbers (actions a melee, initiative, strike, block, parry and dodge
// bonuses, the counterstrike skill, ALT, END and RES rated 5-95), attacks, armour (COV,
// protection (damage rating) per type, hit points) and natural armour per damage type; and the
// encounter's options (none).
import { z } from "zod";
import { compileDice } from "../../core/dice/index.js";
import type { JsonObject } from "../../engine/json.js";
import { keyOrRecord, namesOf } from "../../engine/table-keys.js";
import { described, titled } from "../../engine/stat-titles.js";
import { ARMOURS, type ArmourRecord, type Rating } from "./data/armour.js";
import { ATTACKS, type AttackRecord } from "./data/attacks.js";
import { CALLED_SHOT_KEYS, FUMBLE_COLUMNS } from "./data/charts.js";
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

const defence = (what: string) => bonus(what).nullable().default(0);

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

/** A whole number from `lo` to `hi`, whose error says so and why. */
const wholeIn = (what: string, lo: number, hi: number, why = "") => {
  const error = `${what} is a whole number from ${lo} to ${hi}${why}`;
  return z.int({ error }).min(lo, { error }).max(hi, { error });
};

const attackRecord = z.strictObject(
  titled(
    described(
      {
        name: z.string().min(1, "an attack's name is not empty").default("Custom attack"),
        damage: diceText,
        types: z
          .union([typeName, z.array(typeName).min(1, "types needs at least one damage type")])
          .transform((t) => (typeof t === "string" ? [t] : t)),
        kind: z
          .enum(FUMBLE_COLUMNS, { error: `kind is one of ${FUMBLE_COLUMNS.join(", ")}` })
          .default("swing"),
        strike: bonus("strike").default(0),
        ranged: z.boolean().default(false),
        dodgePenalty: wholeIn(
          "dodgePenalty",
          0,
          20,
          " (Defending Against Ranged Attacks: a dodge is at -5 or -10 against bows)",
        ).default(0),
        weapon: z.boolean().optional(),
        parry: z.boolean().optional(),
        untrainedPenalty: wholeIn(
          "untrainedPenalty",
          1,
          15,
          " (No Weapon Training: -1 to -15)",
        ).default(5),
        needsTraining: z.boolean().default(false),
        hp: wholeIn("hp", 1, 1000, " (the weapon's hit points), or null").nullable().default(null),
      },
      {
        // Using Weapons; Damage and Attack Types; Criticals And Fumbles (the fumble columns).
        name: "The attack's name: each of a combatant's attacks needs its own",
        damage: "Its damage dice (1d8, 2d4+1)",
        types:
          "Its damage types (cut, crush, chop, stab...): armour protects by type, and a critical rolls by type",
        kind: "Its column of the fumble chart (swing, thrust, hand, ranged...)",
        strike: "Added to the strike roll with it, beside the combatant's own strike bonus",
        // Ranged Combat, Ranged Attacks.
        ranged: "A ranged attack: shot or thrown, dodged rather than blocked or parried",
        // Defending Against Ranged Attacks: -5 or -10 against bows.
        dodgePenalty: "Taken off a dodge against it (a bow's arrow is hard to dodge: 5 or 10)",
        weapon: "A weapon that can break or be dropped (left empty: every attack but a hand's)",
        parry: "It can parry (left empty: a weapon that is not ranged)",
        // No Weapon Training: -1 to -15 by the weapon's complexity (short sword 5, pole arm 10).
        untrainedPenalty:
          "Taken off every action with it by a combatant untrained in it (No Weapon Training: 1 to 15)",
        // Weapon Knowledge and Training: some weapons cannot be used at all without training.
        needsTraining: "It cannot be used at all without training",
        hp: "The weapon's own hit points, when blows can break it (left empty: it does not break)",
      },
    ),
    {
      name: "Name",
      damage: "Damage dice",
      types: "Damage types",
      kind: "Kind (fumble column)",
      strike: "Strike bonus",
      ranged: "Ranged",
      dodgePenalty: "Dodge penalty against it",
      weapon: "A weapon (it can be broken)",
      parry: "Can parry",
      untrainedPenalty: "Penalty untrained",
      needsTraining: "Needs training",
      hp: "Hit points",
    },
  ),
);

/** "6 (3)" or [6, 3]: protection and damage rating for one damage type. */
const RATING_FORMAT = 'a rating is written "6 (3)" or [6, 3]: protection (damage rating)';
const rating = z
  .union(
    [
      z.string().regex(/^\s*\d+\s*\(\s*\d+\s*\)\s*$/, RATING_FORMAT),
      z.tuple([wholeIn("a protection", 0, 100), wholeIn("a damage rating", 0, 100)], {
        error: RATING_FORMAT,
      }),
    ],
    { error: RATING_FORMAT },
  )
  .transform((r): [number, number] => {
    if (typeof r !== "string") return [r[0], r[1]];
    const m = /(\d+)\s*\(\s*(\d+)/.exec(r)!;
    return [Number(m[1]), Number(m[2])];
  });

/** COV of single areas, named as the called shots are (Making A Called Shot). */
const areas = z
  .record(z.string(), wholeIn("an area's COV", 0, 24, " (24: the area fully covered)"))
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (!(CALLED_SHOT_KEYS as readonly string[]).includes(key)) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `unknown area ${JSON.stringify(key)}; areas are the called shots: ${CALLED_SHOT_KEYS.join(", ")}`,
        });
      }
    }
  });

const armourRecord = z
  .strictObject(
    titled(
      described(
        {
          name: z.string().min(1, "an armour's name is not empty").default("Custom armour"),
          cov: z.int().min(0, "cov is 0 to 24").max(24, "cov is 0 to 24 (24: total coverage)"),
          hp: z.int().min(0, "hp is at least 0"),
          ratings: z.partialRecord(typeName, rating).default({}),
          areas: areas.default({}),
          protectsNeck: z.boolean().default(false),
        },
        {
          // Armor And Clothing: COV, protection (damage rating) per damage type, hit points.
          name: "The armour's name",
          cov: "Its coverage: a strike whose modified roll is at or under it lands on the armour first (24: total coverage)",
          hp: "Its hit points: damage it takes wears it away, and at 0 it no longer protects",
          ratings:
            'Protection (damage rating) by damage type: "6 (3)" stops up to 6 of a blow, and the armour itself takes at most 3',
          areas: "COV of single areas, named as the called shots are (head, arm-or-leg...)",
          protectsNeck: "It covers the neck, so an artery called shot meets it",
        },
      ),
      {
        name: "Name",
        cov: "Coverage (COV)",
        hp: "Hit points",
        ratings: "Ratings by damage type",
        areas: "Areas covered (COV)",
        protectsNeck: "Protects the neck",
      },
    ),
  )
  .superRefine((a, ctx) => {
    // Armour at 0 hit points no longer protects: with a COV, 0 HP is a mistake, not armour.
    if (a.cov > 0 && a.hp === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["hp"],
        message: `hp is at least 1 for armour with a COV (${a.cov}): armour at 0 hit points no longer protects; give its hit points, or cov: 0 for none`,
      });
    }
  });

const attackEntry = keyOrRecord("attack", namesOf(ATTACKS), attackRecord);

const combatantFields = z.strictObject(
  titled(
    described(
      {
        actions: z
          .int({ error: "actions is a whole number of full actions a melee" })
          .min(1, "actions is at least 1 (What Is a Melee: 1 to 3, rarely more)")
          .max(5, "actions is at most 5 (What Is a Melee: 1 to 3, rarely more)")
          .default(DEFAULT_ACTIONS),
        initiative: bonus("initiative").default(0),
        alt: attribute("alt"),
        end: attribute("end"),
        res: attribute("res"),
        hp: wholeIn("hp", 1, 1000, " (hit points)").default(DEFAULT_HP),
        sp: wholeIn("sp", 1, 1000, " (stamina points)").default(DEFAULT_SP),
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
        armour: keyOrRecord("armour", namesOf(ARMOURS), armourRecord).default("none"),
        natural: z
          .partialRecord(typeName, wholeIn("natural armour", 0, 100, " (damage it takes off)"))
          .default({}),
        field: wholeIn("field", 0, 1000, " (a magical field's hit points)").default(0),
        skills: z
          .record(z.string(), wholeIn("a skill level", 1, 100, " (a percentage)"))
          .default({}),
      },
      {
        // What Is a Melee: one to three full actions, rarely more; 2 is Fray's default.
        actions:
          "Full actions a melee: each is one attack, defence, counterstrike or skill, and they may be split (1 to 3, rarely more; Fray's default 2)",
        // Timing Within A Melee, 1. Initiative: D20 plus the initiative bonus; the highest attacks.
        initiative:
          "Added to the D20 initiative roll of each pairing: the highest total wins the initiative and is the aggressor, the others defend",
        // Timing Within A Melee: ALT breaks an initiative tie and reacts to a foe who flees; the
        // 5 to 95 scale checked at or under d100 is Fray's reading (RULES-NOTES.md).
        alt: "Alertness: wins a tied initiative, and its check (d100 at or under) lets a defender react to a foe who flees. 5 to 95; Fray's default 50",
        // Knock Out/Stun Called Shots: an END check against a knock-out blow.
        end: "Endurance: its check (d100 at or under) shrugs off a knock-out blow; a failed one rolls on the knock-out chart. 5 to 95; Fray's default 50",
        // Knock Out/Stun Called Shots: a RES check to wake up.
        res: "Resilience: its check (d100 at or under) wakes a knocked-out combatant. 5 to 95; Fray's default 50",
        // The chapter's hit-point rules are elsewhere: 15 and down at 0 are Fray's defaults.
        hp: "Hit points: what damage takes after the field and armour; at 0 the combatant is down (the chapter has no hit-point rules: Fray's default 15)",
        // Criticals And Fumbles cost SP; what 0 SP does is Fray's default (switch staminaOut).
        sp: "Stamina points, which fumbles, criticals and knock-outs cost; at 0 the combatant collapses when the melee ends (Fray's default, as is 15)",
        // Strike Rolls And Defenses: D20 plus the strike bonus.
        strike:
          "Added to every strike roll (D20): a strike of 10 or less misses, a higher one must beat the defence",
        // Damage and Attack Types: the attacker's own bonus to damage.
        damageBonus:
          "Added to every damage roll of this combatant's attacks, but a knock-out blow's",
        // Basic Defenses; the bonus (or none) is Fray's reading of the combat skills.
        block:
          "Added to a block's D20 (a block that meets the strike stops it); none (No block) when the combatant cannot block",
        parry:
          "Added to a parry's D20 (it needs a weapon in hand or a shield); none (No parry) when the combatant cannot parry",
        dodge:
          "Added to a dodge's D20, the best defence against ranged attacks; none (No dodge) when the combatant cannot dodge",
        // Timing Within A Melee, 2. Defender's choice: a counterattack needs the counterstrike skill.
        counterstrike:
          "Has the counterstrike skill: as a defender it may spend actions on counterattacks",
        // Basic Defenses: a shield parries; No Weapon Training: an untrained shield is penalised.
        shield: "Carries a shield: it can parry with no weapon in hand",
        // Called Shots, Making A Called Shot: an area named before the strike, at a penalty.
        calledShots:
          "The combatant may aim its strikes at an area (head, eye, artery, knock-out...) at the penalty the GM sets",
        // Using Weapons; the attack table is Fray's (the chapter has none).
        attacks:
          "Its attacks: keys of Fray's attack table (the chapter has none) or its own, each with damage dice, damage types and fumble column",
        // No Weapon Training: -1 to -15 on every action with it.
        untrained:
          "Attacks (or its shield) it has no training with: every action with them takes the untrained penalty",
        // Armor And Clothing: COV, protection (damage rating) per type, hit points; the table is Fray's.
        armour:
          "Armour worn: a strike at or under its COV lands on it first, its protection per damage type is what it stops, its hit points how long it lasts",
        // Armor And Clothing: natural armour (stone skin) reduces damage after the armour.
        natural:
          "Natural armour (hide, stone skin): damage it takes off each blow, by damage type, after the armour",
        // Timing Within A Melee, damage: a magical protective field takes damage first.
        field: "Hit points of a magical protective field: it takes damage first, before the armour",
        // What Is a Melee: actions may go to skills as the GM allows.
        skills:
          "Skills and their levels in percent (pick-locks: 60), for the actions the GM allows",
      },
    ),
    {
      actions: "Actions a melee",
      initiative: "Initiative bonus",
      alt: "ALT",
      end: "END",
      res: "RES (%)",
      hp: "Hit points",
      sp: "Stamina points",
      strike: "Strike bonus",
      damageBonus: "Damage bonus",
      block: "Block",
      parry: "Parry",
      dodge: "Dodge",
      counterstrike: "Counterstrike",
      shield: "Shield",
      calledShots: "Called shots",
      attacks: "Attacks",
      untrained: "Untrained with",
      armour: "Armour",
      natural: "Natural armour (by damage type)",
      field: "Protective field (HP)",
      skills: "Skills (%)",
    },
  ),
);

/** The key an attack entry is known by: its table key, or a record's name. */
function entryKey(entry: z.output<typeof attackEntry>): string {
  return typeof entry === "string" ? entry : (entry as AttackInput).name;
}

/**
 * A combatant's stats, checked across fields too: its attacks are known by distinct keys (the
 * answers name them), and `untrained` names only attacks it has, or its shield (No Weapon
 * Training).
 */
export const combatantStatsSchema = combatantFields.superRefine((stats, ctx) => {
  const keys = stats.attacks.map(entryKey);
  keys.forEach((key, i) => {
    if (keys.indexOf(key) !== i) {
      ctx.addIssue({
        code: "custom",
        path: ["attacks", i],
        message: `a second attack named ${JSON.stringify(key)}: every attack needs its own name (the strike answers name it)`,
      });
    }
  });
  stats.untrained.forEach((key, i) => {
    if (!keys.includes(key) && !(key === "shield" && stats.shield)) {
      ctx.addIssue({
        code: "custom",
        path: ["untrained", i],
        message: `${JSON.stringify(key)} is not one of this combatant's attacks (${keys.join(", ")})${stats.shield ? " nor its shield" : ""}; untrained lists the attacks it has no training with, and "shield" for an untrained shield`,
      });
    }
  });
});

export type KarnStats = z.output<typeof combatantStatsSchema>;

const parsed = new WeakMap<object, KarnStats>();

/** Parses stats from an encounter or exchange file (the engine has validated them already). */
export function readStats(raw: JsonObject): KarnStats {
  let stats = parsed.get(raw);
  if (stats === undefined) {
    stats = combatantStatsSchema.parse(raw);
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

/** The encounter's options (`options:` of an encounter file). */
export const encounterOptionsSchema = z.strictObject({});
