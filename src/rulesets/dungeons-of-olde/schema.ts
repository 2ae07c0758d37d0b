// What an encounter file says about a combatant (stats and gear, without id/name/side) and about
// the encounter (the player characters' side, distances, surprise, cover). Errors name the field
// and what it allows: `weapons[0]: unknown weapon "sward"; known: arbalest, backsword, ...`.
import { z } from "zod";
import { emptyMeans } from "../../engine/empty-list.js";
import { idOf } from "../../engine/encounter-ids.js";
import { keyOrRecord, namesOf, tableKey } from "../../engine/table-keys.js";
import { described, titled } from "../../engine/stat-titles.js";
import { ARMOUR, SHIELDS } from "./data/armour.js";
import { DEFAULTS } from "./data/rules.js";
import { MELEE, RANGED, WEAPON_KEYS } from "./data/weapons.js";

const whole = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} is a whole number from ${min} to ${max}` })
    .int({ error: `${what} is a whole number from ${min} to ${max}` })
    .min(min, { error: `${what} is a whole number from ${min} to ${max}` })
    .max(max, { error: `${what} is a whole number from ${min} to ${max}` });

const flag = (what: string) => z.boolean({ error: `${what} is true or false` });
/** 1 or 2 hands: a range, not two literals, so that a 3 is reported at its own field. */
const oneOrTwo = (what: string) => {
  const error = `${what} is 1 or 2 (hands)`;
  return z.number({ error }).int({ error }).min(1, { error }).max(2, { error });
};
const stat = (what: string) => whole(what, 1, 40);

export const SKILLS = [
  "sword",
  "mace",
  "axe",
  "knife",
  "fencing",
  "spear",
  "bow",
  "crossbow",
  "sling",
  "shield",
  "healing",
] as const;

/** The skill of a weapon not in the tables: a weapon skill a combatant's `skills` can name, or none. */
const WEAPON_SKILLS = ["", ...SKILLS.filter((k) => k !== "shield" && k !== "healing")] as const;
const weaponSkill = (example: string) =>
  z
    .enum(WEAPON_SKILLS, {
      error: `skill is a weapon skill (${WEAPON_SKILLS.filter((k) => k !== "").join(", ")}), such as ${example}, or "" for none`,
    })
    .default("");

/** The weapons' names, melee and ranged (a spear is both: one name). */
const WEAPON_NAMES = namesOf({ ...RANGED, ...MELEE }, WEAPON_KEYS);

const meleeProfile = z.strictObject(
  titled(
    described(
      {
        skill: weaponSkill("sword"),
        stat: z.enum(["brawn", "finesse"], { error: 'stat is "brawn" or "finesse"' }),
        reach: z.tuple([whole("reach", 0, 5), whole("reach", 0, 5)], {
          error: "reach is [min, max] in spaces, such as [0, 1]",
        }),
        brawn1h: whole("brawn1h (one-hand Brawn Minimum)", 0, 40),
        brawn2h: whole("brawn2h (two-hand Brawn Minimum; 0: one hand only)", 0, 40).default(0),
        damage: whole("damage (rank of the damage die)", 2, 40),
      },
      {
        // Melee Weapons: Skill, the Stat Dice of the Attack Check, Reach, the Brawn Minimums, Damage.
        skill:
          "The skill it is used with: an Attack Check without it takes -2 (none: no skill helps)",
        stat: "The stat whose two dice roll its Attack Check: Brawn or Finesse",
        reach: "The spaces it reaches, least and most (0: the foe's own space)",
        brawn1h:
          "Brawn needed to wield it in one hand: each point short is -1 on Attack Checks and damage",
        brawn2h: "Brawn needed to wield it in two hands, no other object held (0: one hand only)",
        damage: "Rank of its damage die (8: a d8), for a wielder meeting its Brawn Minimum",
      },
    ),
    {
      skill: "Skill",
      stat: "Stat",
      reach: "Reach (spaces, least and most)",
      brawn1h: "Brawn minimum, one hand",
      brawn2h: "Brawn minimum, two hands (0: one hand only)",
      damage: "Damage die (rank)",
    },
  ),
  { error: "melee is a profile { skill, stat, reach, brawn1h, brawn2h, damage }" },
);

const rangedProfile = z.strictObject(
  titled(
    described(
      {
        skill: weaponSkill("bow"),
        baseRange: whole("baseRange (spaces)", 1, 100),
        limit: whole("limit (the Range Limit as a multiple of the Base Range)", 1, 16),
        hands: oneOrTwo("hands"),
        brawn: whole("brawn (Brawn Minimum)", 0, 40),
        brawnReset: whole(
          "brawnReset (a crossbow's second Brawn Minimum; 0: not a crossbow)",
          0,
          40,
        ).default(0),
        damage: whole("damage (rank of the damage die)", 2, 40),
        thrown: flag("thrown").default(false),
      },
      {
        // Ranged Weapons: Base Range, Range Limit, Hands, Brawn Minimum, Damage; Crossbows.
        skill:
          "The skill it is used with: an Attack Check without it takes -2 (none: no skill helps)",
        baseRange: "Base range in spaces: each doubling beyond it is -3 on the Attack Check",
        limit: "Range limit, as a multiple of the base range: no shot beyond it",
        hands: "Hands it takes to shoot or throw",
        brawn: "Brawn needed to shoot it: each point short is -1 on Attack Checks and damage",
        brawnReset:
          "A crossbow's second Brawn Minimum: meeting it, resetting by hand takes 1 AP, else 3 with a crank (0: not a crossbow)",
        damage: "Rank of its damage die (6: a d6)",
        thrown: "Thrown: it leaves the hand, and lies where it falls",
      },
    ),
    {
      skill: "Skill",
      baseRange: "Base range (spaces)",
      limit: "Range limit (times the base range)",
      hands: "Hands",
      brawn: "Brawn minimum",
      brawnReset: "Brawn minimum to reset (a crossbow)",
      damage: "Damage die (rank)",
      thrown: "Thrown",
    },
  ),
  {
    error:
      "ranged is a profile { skill, baseRange, limit, hands, brawn, brawnReset, damage, thrown }",
  },
);

const weaponObject = z
  .strictObject(
    titled(
      described(
        {
          weapon: tableKey("weapon", WEAPON_NAMES).optional(),
          name: z.string({ error: "name is text" }).min(1).optional(),
          grip: oneOrTwo("grip").optional(),
          count: whole("count (how many of it are carried)", 1, 99).optional(),
          melee: meleeProfile.optional(),
          ranged: rangedProfile.optional(),
        },
        {
          // Weapons: the melee and ranged tables.
          weapon:
            "A weapon from the tables, which give its profile (other: one of your own, with a name and a melee or ranged profile)",
          name: "The weapon's name (with a melee or ranged profile: a weapon not in the tables)",
          // Melee Weapons: the 1h and 2h Brawn Minimums.
          grip: "Hands it is held in: two meet the two-hand Brawn Minimum (left empty: two when it has no shield and the weapon allows it)",
          count: "How many are carried (javelins, throwing knives)",
          melee: "Its melee profile, for a weapon not in the tables",
          ranged: "Its ranged profile, for a weapon not in the tables (a spear has both)",
        },
      ),
      {
        weapon: "Weapon",
        name: "Name",
        grip: "Grip (hands)",
        count: "How many are carried",
        melee: "Melee profile",
        ranged: "Ranged profile",
      },
    ),
  )
  .refine((w) => w.weapon !== undefined || w.melee !== undefined || w.ranged !== undefined, {
    error:
      'a weapon is a table key (broadsword, crossbow, ...), or an object with "weapon", or with "name" and a "melee" or "ranged" profile for one not in the tables',
  })
  // Melee Weapons: the grip picks the one- or two-hand Brawn Minimum; Ranged Combat: a ranged
  // weapon's Hands are its table's.
  .refine((w) => w.grip === undefined || twoHandMinimum(w) !== null, {
    path: ["grip"],
    error: (issue) =>
      `grip is for melee weapons: the ${itemName(issue.input)} is not one, and its Hands are the ranged table's`,
  })
  .refine((w) => w.grip !== 2 || (twoHandMinimum(w) ?? 0) > 0, {
    path: ["grip"],
    error: (issue) =>
      `grip 2: the ${itemName(issue.input)} is for one hand only (it has no two-hand Brawn Minimum); use grip 1 or leave grip out`,
  });

/** The two-hand Brawn Minimum of an item's melee profile (0: one hand only), or null if it has none. */
function twoHandMinimum(w: { weapon?: string | undefined; melee?: { brawn2h: number } }) {
  if (w.melee !== undefined) return w.melee.brawn2h;
  return w.weapon === undefined ? null : (MELEE[w.weapon]?.brawn2h ?? null);
}

function itemName(input: unknown): string {
  const o = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const name = o["name"] ?? o["weapon"];
  return typeof name === "string" ? name : "weapon";
}

export const weaponItemSchema = keyOrRecord(
  "weapon",
  WEAPON_NAMES,
  weaponObject,
  "a table key or an object { weapon, grip, count } (or { name, melee, ranged } for one not in the tables)",
);

// Adjustments (linked from the chapter's Attack and Defense Checks): lasting ones, from magic or
// traits; on damage reduction and action points, Fray's default.
const adjustments = z
  .strictObject(
    titled(
      described(
        {
          attack: whole("adjustments.attack", -20, 20).default(0),
          defence: whole("adjustments.defence", -20, 20).default(0),
          damage: whole("adjustments.damage", -20, 20).default(0),
          armour: whole("adjustments.armour (extra damage reduction)", -20, 20).default(0),
          ap: whole("adjustments.ap (action points a turn)", -10, 10).default(0),
        },
        {
          attack: "Added to each of its Attack Checks",
          defence: "Added to each of its Defense Checks, so to the CR its foes must reach",
          damage: "Added to the damage of each of its hits",
          armour: "Added to its armour's damage reduction",
          ap: "Added to the action points it rolls each turn",
        },
      ),
      {
        attack: "Attack",
        defence: "Defence",
        damage: "Damage",
        armour: "Damage reduction",
        ap: "Action points",
      },
    ),
    {
      error:
        "adjustments is a record such as { attack: 1, defence: 2 } (attack, defence, damage, armour, ap)",
    },
  )
  .default({ attack: 0, defence: 0, damage: 0, armour: 0, ap: 0 });

export const combatantStatsSchema = z
  .strictObject(
    titled(
      described(
        {
          brawn: stat("brawn"),
          finesse: stat("finesse"),
          nerve: stat("nerve"),
          savvy: stat("savvy").default(6),
          hitPoints: emptyMeans(
            whole("hitPoints (maximum HP; default Brawn + Nerve / 2)", 1, 500).optional(),
            "(Brawn + Nerve) / 2",
          ),
          currentHitPoints: emptyMeans(whole("currentHitPoints", -500, 500).optional(), "unhurt"),
          // Unarmed Combat: Reach 0 or 1, the Brawn die halved (rounded up) for damage.
          weapons: emptyMeans(
            z
              .array(weaponItemSchema, { error: "weapons is a list, such as [broadsword, dagger]" })
              .default([]),
            "None: it fights bare-handed (Unarmed Combat: reach 0 or 1, damage its Brawn die halved, rounded up). Add a weapon to arm it.",
          ),
          shield: tableKey("shield", namesOf(SHIELDS)).optional(),
          armour: tableKey("armour", namesOf(ARMOUR)).default("none"),
          skills: z
            .array(z.enum(SKILLS, { error: `a skill is one of ${SKILLS.join(", ")}` }), {
              error: "skills is a list, such as [sword, shield]",
            })
            .optional(),
          freeSteps: whole(
            "freeSteps (spaces a turn: 2 for medium characters, 1 for small ones)",
            0,
            6,
          ).default(DEFAULTS.freeSteps),
          adjustments,
          nemesis: flag("nemesis (the GM will not let a legendary hit slay it)").default(false),
          caster: flag("caster (may cast spells)").default(false),
        },
        {
          // Attacking as an Opposed Attempt: a stat is the rank of its die (Brawn 10 rolls d10);
          // RULES-NOTES.md 004: HP = Brawn + Nerve / 2, and a stunning blow's Brawn or Nerve check.
          brawn:
            "The rank of its Brawn die: the Attack Check of Brawn weapons and bare hands, unarmed damage, the Brawn Minimums of gear, and hit points",
          // Defense Checks roll two Finesse dice; action points: one Finesse die a turn.
          finesse:
            "The rank of its Finesse die: its Defense Checks (two dice), the Attack Check of Finesse weapons, and its action points each turn (one die)",
          nerve:
            "The rank of its Nerve die: half of it adds to hit points, and it may resist a stunning blow",
          // Savvy: the Healing check and casting (Fray's readings); 6 is Fray's default.
          savvy: "The rank of its Savvy die: first aid and casting spells (Fray's default 6)",
          hitPoints:
            "Hit points at full: at 0 or below it is incapacitated and bleeding, dead at minus its full hit points (left empty: Brawn + Nerve / 2)",
          currentHitPoints:
            "Hit points when the fight begins, if fewer than full (left empty: unhurt)",
          // Weapons: the melee and ranged tables; bare hands are always there (Unarmed Combat).
          weapons:
            "Weapons carried, from the tables or its own: the first is in hand, bare hands are always there",
          // Shields: a Defense bonus, a Brawn Minimum, a spellcasting adjustment.
          shield:
            "Shield carried: its Defense bonus adds to every Defense Check; a Brawn Minimum above its Brawn costs -1 a point on Brawn and Finesse checks",
          // Armor: damage reduction, and a Brawn Minimum whose shortfall costs Brawn checks and AP.
          armour:
            "Armour worn: its damage reduction is taken off every hit; a Brawn Minimum above its Brawn costs its Brawn checks and lowers its action-point die",
          // Weapons: -2 on the Attack Check without the weapon's skill (the Skill column).
          skills:
            "Skills it has (sword, shield, healing...): an attack without its weapon's skill takes -2 (left empty: every skill its gear needs)",
          // Action points: free steps each turn (2 for medium characters, 1 for small ones).
          freeSteps:
            "Spaces it may step each turn at no action-point cost: 2 for medium characters, 1 for small ones",
          // Adjustments (linked from the chapter's Attack and Defense Checks): lasting ones, from magic or traits.
          adjustments:
            "Lasting adjustments to its Attack Checks, Defense Checks, damage, damage reduction and action points (magic, traits)",
          // Critical outcomes: "Defender is instantly slain" only where the death will not derail the story.
          nemesis:
            "A foe whose death would derail the story: a legendary hit never slays it outright",
          // Action costs: cast and recover; the spells' effects are the GM's.
          caster:
            "Casts spells: it may cast (a Savvy check, 2 AP) and recover Mana or Faith Points (3 AP); the GM rules the effects",
        },
      ),
      {
        brawn: "Brawn",
        finesse: "Finesse",
        nerve: "Nerve",
        savvy: "Savvy",
        hitPoints: "Hit points at full",
        currentHitPoints: "Hit points now",
        weapons: "Weapons",
        shield: "Shield",
        armour: "Armour",
        skills: "Skills",
        freeSteps: "Free steps a turn",
        adjustments: "Adjustments",
        nemesis: "Nemesis (no legendary hit slays it)",
        caster: "Casts spells",
      },
    ),
  )
  // Injury: a character is wounded below its maximum Hit Points, never above them.
  .refine((c) => c.currentHitPoints === undefined || c.currentHitPoints <= maxHitPoints(c), {
    path: ["currentHitPoints"],
    error: (issue) => {
      const c = issue.input as { hitPoints?: number; brawn: number; nerve: number };
      return `currentHitPoints is at most the maximum, ${maxHitPoints(c)} (${c.hitPoints === undefined ? "Brawn + Nerve / 2" : "hitPoints"}); leave it out to start unhurt`;
    },
  });

/** Hit Points: `hitPoints` when the file gives it, else Brawn + Nerve / 2 (rounded down). */
export function maxHitPoints(c: {
  readonly hitPoints?: number | undefined;
  readonly brawn: number;
  readonly nerve: number;
}): number {
  return c.hitPoints ?? c.brawn + Math.floor(c.nerve / 2);
}

export type CombatantStats = z.output<typeof combatantStatsSchema>;
export type WeaponItem = z.output<typeof weaponItemSchema>;

export const encounterOptionsSchema = z.strictObject({
  /** The side of the player characters, who earn character points (default: the first side). */
  party: idOf("side", "party is a side id")
    .optional()
    .describe(
      "The player characters' side, who earn character points (the first side when none is picked)",
    ),
  distance: whole("distance (spaces between the sides)", 0, 200)
    .default(DEFAULTS.startDistance)
    .describe("Spaces between the two sides when the fight begins"),
  positions: z
    .record(
      idOf("combatant", "positions are by combatant id"),
      whole("a position (spaces along the field)", -1000, 1000),
      {
        error: "positions maps combatant ids to spaces, such as { archer: 10 }",
      },
    )
    .default({})
    .describe("Where a combatant stands, in spaces along the field, in place of its side's line"),
  surprised: z
    .array(idOf("combatant", "surprised lists combatant ids"), {
      error: "surprised is a list of combatant ids, such as [brenna]",
    })
    .default([])
    // Reset phase: a surprised character has 1 action point.
    .describe("Combatants caught by surprise: 1 action point in the first turn"),
  cover: z
    .array(
      z.strictObject({
        space: whole("a place of cover's space (along the field)", -1000, 1000),
        lineOfSight: z.enum(["partial", "minimal"], {
          error: 'lineOfSight is "partial" (about 50% cover) or "minimal" (about 80%)',
        }),
      }),
      {
        error:
          "cover lists the places on the field that block a line of sight, such as [{ space: 10, lineOfSight: partial }]",
      },
    )
    .default([])
    // Line of Sight: partial -3, minimal -6 to the Attack Check.
    .describe(
      "Places on the field that block part of a line of sight: partial (-3 to hit across it) or minimal (-6)",
    ),
});

export type EncounterOptions = z.output<typeof encounterOptionsSchema>;
