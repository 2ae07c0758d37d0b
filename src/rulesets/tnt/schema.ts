// A combatant's stats and gear as an encounter file gives them (zod), and their resolution
// into the numbers the procedures use. Gear is a key of a default table or a full record. Also
// the encounter's options (the starting range, the GM's other efforts).
import { z } from "zod";
import type { JsonObject } from "../../engine/json.js";
import { emptyMeans } from "../../engine/empty-list.js";
import { keyOrRecord, namesOf } from "../../engine/table-keys.js";
import { described, titled } from "../../engine/stat-titles.js";
import { ARMOURS, SHIELDS, type ArmourRecord, type ShieldRecord } from "./data/armour.js";
import { DAMAGE_TYPES, WEAPONS, type WeaponRecord } from "./data/weapons.js";

/** Combat dice when the file gives neither `combatDice` nor `prowess` (a default of Fray's). */
export const DEFAULT_COMBAT_DICE = 3;
/** Hit points when the file gives none: the chapter defines none (a default of Fray's). */
export const DEFAULT_HIT_POINTS = 20;

const bonus = (what: string) =>
  z
    .int({ error: `${what} is a whole number` })
    .min(-20, `${what} is at least -20`)
    .max(30, `${what} is at most 30`);

/** A whole number from `min` to `max`; `what` says what it is when it is missing or not one. */
const ranged = (field: string, what: string, min: number, max: number) =>
  z
    .int({ error: `${field} is ${what}, a whole number ${min} to ${max}` })
    .min(min, `${field} is ${min} to ${max}`)
    .max(max, `${field} is ${min} to ${max}`);

const name = (fallback: string) =>
  z.string({ error: "name is text" }).min(1, "name is not empty").default(fallback);

const weaponRecord = z.strictObject(
  titled(
    described(
      {
        name: name("Custom weapon"),
        damageDie: ranged("damageDie", "the sides of the weapon's damage die", 2, 100),
        damageType: z.enum(DAMAGE_TYPES, {
          error: `damageType is one of ${DAMAGE_TYPES.join(", ")}`,
        }),
        reach: bonus("reach").default(0),
        speed: bonus("speed").default(0),
        defence: bonus("defence").default(0),
        armourPiercing: ranged("armourPiercing", "the DR the weapon cancels", 0, 30).default(0),
        small: z.boolean({ error: "small is true or false" }).default(false),
      },
      {
        // Damage: the weapon's damage die and type; CALCULATE ATTACK AND DEFENSE SCORES: its reach
        // bonus at onset range, its speed bonus at melee, its defence bonus in active defence.
        name: "The weapon's name",
        damageDie:
          "Sides of its damage die, rolled on every hit and added to the wielder's damage bonus",
        damageType:
          "Its damage type: it sets the crit damage die, and what a critical adds (a piercing one twists the blade, a bludgeoning one may cost the foe a combat die)",
        reach: "Added to attacks at onset range, where a long weapon strikes first",
        speed: "Added to attacks at melee range, where a quick weapon strikes first",
        defence:
          "Its defence bonus: the better of it and the shield's is added to an active defence",
        // Armor and Damage Reduction: armour piercing cancels that much DR.
        armourPiercing: "The armour's DR it cancels on each hit",
        // Combat Outline Keys, attack with a small weapon: it takes the fight from melee to grapple.
        small:
          "A small weapon (a dagger): an attack with it at melee range closes to grapple range",
      },
    ),
    {
      name: "Name",
      damageDie: "Damage die (sides)",
      damageType: "Damage type",
      reach: "Reach",
      speed: "Speed",
      defence: "Defence",
      armourPiercing: "Armour piercing (DR it cancels)",
      small: "Small weapon",
    },
  ),
);

const armourRecord = z.strictObject(
  titled(
    described(
      {
        name: name("Custom armour"),
        dr: ranged("dr", "the armour's damage reduction", 0, 30),
      },
      {
        // Armor and Damage Reduction.
        name: "The armour's name",
        dr: "Its damage reduction: taken off the damage of each hit, less the weapon's armour piercing",
      },
    ),
    {
      name: "Name",
      dr: "Damage reduction (DR)",
    },
  ),
);

const shieldRecord = z.strictObject(
  titled(
    described(
      {
        name: name("Custom shield"),
        defence: ranged("defence", "the shield's defence score", -20, 30),
      },
      {
        // Passive Defense: 8 + defence skill + the shield's defence score.
        name: "The shield's name",
        defence:
          "Its defence score: added to the passive defence, and the better of it and the weapon's to an active one",
      },
    ),
    {
      name: "Name",
      defence: "Defence score",
    },
  ),
);

export const combatantStatsSchema = z
  .strictObject(
    titled(
      described(
        {
          combatDice: emptyMeans(
            z
              .int({ error: "combatDice is a whole number of d20s" })
              .min(1, "combatDice is 1 to 4 (Combat dice)")
              .max(4, "combatDice is 1 to 4 (Combat dice)")
              .optional(),
            String(DEFAULT_COMBAT_DICE),
          ),
          prowess: ranged(
            "prowess",
            "the Codex Martialis stat (prowess + 1 combat dice)",
            0,
            10,
          ).optional(),
          attackSkill: bonus("attackSkill").default(0),
          defenceSkill: bonus("defenceSkill").default(0),
          damageBonus: bonus("damageBonus").default(0),
          conSave: bonus("conSave").default(0),
          hitPoints: ranged("hitPoints", "the combatant's hit points", 1, 1000).default(
            DEFAULT_HIT_POINTS,
          ),
          initiative: bonus("initiative").default(0),
          weapon: keyOrRecord("weapon", namesOf(WEAPONS), weaponRecord),
          armour: keyOrRecord("armour", namesOf(ARMOURS), armourRecord).default("none"),
          shield: keyOrRecord(
            "shield",
            namesOf(SHIELDS, undefined, "No shield"),
            shieldRecord,
          ).default("none"),
        },
        {
          // Combat Dice: a pool of 1-4 d20s; 3 when neither is given is Fray's default.
          combatDice:
            "The pool of d20 combat dice (1 to 4) spent each round on attacks, active defence and moving between ranges (Fray's default 3)",
          // Combat Dice; the prowess + 1 rule is cited from Codex Martialis, which TNT's rules follow.
          prowess:
            "Codex Martialis's prowess, in place of combat dice: prowess + 1 dice, at most 4",
          // CALCULATE ATTACK AND DEFENSE SCORES: the attack skill is added to the highest die.
          attackSkill:
            "Added to the attack roll (the highest combat die rolled), with the weapon's reach or speed",
          // Passive Defense (8 + defence skill + shield) and Active Defense (highest die + skill).
          defenceSkill:
            "Added to the defence: the passive score is 8 + defence skill + shield, the active roll the highest die + defence skill",
          // CALCULATING DAMAGE: the weapon's damage die plus the character damage bonus.
          damageBonus: "Added to the weapon's damage die on every hit",
          // CALCULATING DAMAGE: a blunt hit asks a constitution-based saving throw against the damage.
          conSave:
            "Added to the d20 of the constitution save against a bludgeoning hit: it must reach the damage, or lose a combat die for the fight",
          // The chapter has no hit points: 20, out at 0 or below, is Fray's default.
          hitPoints:
            "Hit points: out of the fight at 0 or below (the chapter has none: Fray's default 20)",
          // Onset range: the fight starts with an initiative roll; d20 + bonus once is Fray's default.
          initiative:
            "Added to the d20 initiative roll, made once for the fight: the highest acts first",
          // Weapons have a damage die and type, a reach bonus at onset, a speed bonus at melee range.
          weapon:
            "The weapon in hand: its damage die and type, its reach bonus (at onset range), its speed bonus (at melee range), its defence bonus",
          // Armor and Damage Reduction: the armour's DR is taken off each hit.
          armour:
            "Armour worn: its damage reduction (DR) is taken off the damage of each hit, less the weapon's armour piercing",
          // Passive and Active Defense: a shield adds its defence score and a bonus die.
          shield:
            "Shield carried: its defence score adds to the passive defence, and it gives a bonus die to the active defence",
        },
      ),
      {
        combatDice: "Combat dice (d20s)",
        prowess: "Prowess",
        attackSkill: "Attack skill",
        defenceSkill: "Defence skill",
        damageBonus: "Damage bonus",
        conSave: "CON save",
        hitPoints: "Hit points",
        initiative: "Initiative bonus",
        weapon: "Weapon",
        armour: "Armour",
        shield: "Shield",
      },
    ),
  )
  .refine(
    (s) =>
      s.combatDice === undefined ||
      s.prowess === undefined ||
      s.combatDice === Math.min(4, s.prowess + 1),
    {
      error:
        "combatDice and prowess disagree: Codex Martialis gives prowess + 1 dice, at most 4; give one of them",
      path: ["combatDice"],
    },
  );

export type TntStats = z.output<typeof combatantStatsSchema>;

export function combatDiceOf(stats: TntStats): number {
  if (stats.combatDice !== undefined) return stats.combatDice;
  if (stats.prowess !== undefined) return Math.min(4, stats.prowess + 1);
  return DEFAULT_COMBAT_DICE;
}

export function weaponOf(stats: TntStats): WeaponRecord {
  const w = stats.weapon;
  return typeof w === "string" ? WEAPONS[w]! : w;
}

export function armourOf(stats: TntStats): ArmourRecord {
  const a = stats.armour;
  return typeof a === "string" ? ARMOURS[a]! : a;
}

export function shieldOf(stats: TntStats): ShieldRecord | null {
  const s = stats.shield;
  return typeof s === "string" ? (SHIELDS[s] ?? null) : s;
}

/** Parses stats from an encounter or exchange file (the engine has validated them already). */
export function readStats(raw: JsonObject): TntStats {
  return combatantStatsSchema.parse(raw);
}

/** The encounter's options (`options:` of an encounter file). */
export const encounterOptionsSchema = z.strictObject({
  // Onset range: "Combat normally begins at the onset range".
  startRange: z
    .enum(["onset", "melee", "grapple"], { error: 'startRange is "onset", "melee" or "grapple"' })
    .default("onset")
    .describe(
      "The range the fight begins at: onset (a weapon's reach counts), melee (its speed counts) or grapple. Combat normally begins at onset.",
    ),
  // Combat Dice: "You might rule that other types of effort during combat will require the
  // expenditure of combat dice."
  otherEfforts: z
    .boolean({ error: "otherEfforts is true or false" })
    .default(false)
    .describe(
      "Before each combatant's turn, the GM may take combat dice from its pool for other efforts (opening a door, calling out): the GM is asked how many.",
    ),
});
