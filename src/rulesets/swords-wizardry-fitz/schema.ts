// What an encounter file says about a combatant (stats and gear, without id/name/side) and about
// the encounter (distance, surprise, shield-walls). Errors name the field and what it allows:
// `weapons[0]: unknown weapon "sward"; known: battle-axe, club, ...`.
import { z } from "zod";
import { emptyMeans } from "../../engine/empty-list.js";
import { idOf } from "../../engine/encounter-ids.js";
import { compileDice, NotationError } from "../../core/dice/index.js";
import { keyOrRecord, namesOf, tableKey } from "../../engine/table-keys.js";
import { described, titled } from "../../engine/stat-titles.js";
import { ARMOUR, SHIELDS } from "./data/armour.js";
import { DEFAULTS } from "./data/defaults.js";
import { SURPRISE_LADDER } from "./data/charts.js";
import { WEAPONS } from "./data/weapons.js";

const whole = (what: string, min: number, max: number) => {
  const error = `${what} is a whole number from ${min} to ${max}`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

const flag = (what: string) => z.boolean({ error: `${what} is true or false` });

/**
 * Why `text` cannot be a weapon's damage, or undefined when it can: dice notation whose exact odds
 * keep within their limit of work (the policies weigh a weapon by its mean damage, from its exact
 * odds), so that a file asking for `1000d1000` is refused at its field, not at the first plan.
 */
function diceProblem(text: string, what: string): string | undefined {
  const notation = `${what} is dice notation such as "1d8" or "1d4+1"`;
  try {
    const dice = compileDice(text);
    if (!/d/.test(text)) return notation;
    dice.dist();
    return undefined;
  } catch (error) {
    if (error instanceof NotationError && error.reason.startsWith("exact odds")) {
      return `${what} ${JSON.stringify(text)}: ${error.reason}; use fewer dice or sides`;
    }
    return notation;
  }
}

const dice = (what: string) =>
  z
    .string({ error: `${what} is dice notation such as "1d8" or "1d4+1"` })
    .superRefine((text, ctx) => {
      const problem = diceProblem(text, what);
      if (problem !== undefined) ctx.addIssue({ code: "custom", message: problem });
    });

const weaponObject = z
  .strictObject(
    titled(
      described(
        {
          weapon: tableKey("weapon", namesOf(WEAPONS)).optional(),
          name: z.string({ error: "name is text" }).min(1).optional(),
          damage: dice("damage").optional(),
          kind: z.enum(["melee", "missile"], { error: 'kind is "melee" or "missile"' }).optional(),
          reach: whole("reach (feet)", 5, 30).optional(),
          long: flag("long").optional(),
          range: whole("range (feet, the first increment)", 5, 1000).optional(),
          bow: flag("bow").optional(),
          reload: z
            .enum(["", "light", "heavy"], { error: 'reload is "", "light" or "heavy"' })
            .optional(),
          thrown: flag("thrown").optional(),
          light: flag("light").optional(),
          magic: whole("magic (the weapon's +N)", 0, 5).default(0),
          count: whole("count", 1, 99).optional(),
        },
        {
          // The chapter gives no weapon table: the table follows the Swords & Wizardry weapon lists
          // (Fray's default).
          weapon:
            "A weapon from the table, which gives its damage and reach or range (other: one of your own, with a name and damage)",
          name: "The weapon's name (with damage dice: a weapon not in the table)",
          damage:
            "Its damage dice, with the wielder's STR damage (melee, and thrown at short range) and its magic",
          kind: "Melee, or missile (shot or thrown, DEX to hit)",
          reach: "How far it strikes, in feet (10: from the second rank)",
          // Spears and Polearms: a long weapon fends off a charge, useless once the foe is adjacent.
          long: "A long spear or polearm: it may fend off a foe closing in, and is of little use once the foe is adjacent",
          // Missile Attacks; Archery: -2 a range increment beyond the first is Fray's default.
          range: "Its first range increment, in feet: each further one is -2 to hit, out to three",
          // Archery: two arrows a round to an archer who does not move.
          bow: "A bow: two arrows a round when the archer does not move",
          // Archery: crossbows are not reloaded on the run.
          reload:
            "A crossbow's reloading: light (spanned again by one who stood still) or heavy (a full round)",
          thrown: "Thrown: it leaves the hand with the attack",
          // Two-Weapon Fighting: a dagger, short sword or hand-axe in the off hand.
          light: "Light enough for the off hand (a dagger, short sword or hand-axe)",
          magic:
            "Its magic (+N), added to hit and damage: some creatures need it to be hurt at all",
          count: "How many are carried (daggers, javelins to throw)",
        },
      ),
      {
        weapon: "Weapon",
        name: "Name",
        damage: "Damage dice",
        kind: "Kind",
        reach: "Reach (feet)",
        long: "Long weapon",
        range: "Range (feet, the first increment)",
        bow: "Bow",
        reload: "Reload",
        thrown: "Thrown",
        light: "Light weapon",
        magic: "Magic (+N)",
        count: "How many",
      },
    ),
  )
  .refine((w) => w.weapon !== undefined || (w.name !== undefined && w.damage !== undefined), {
    error:
      'a weapon is a table key (dagger, long-sword, ...) or an object with "weapon", or with "name" and "damage" for one not in the table',
  });

export const weaponItemSchema = keyOrRecord(
  "weapon",
  namesOf(WEAPONS),
  weaponObject,
  "a table key or an object { weapon, magic, count } (or { name, damage, kind, ... } for one not in the table)",
);

// Order of Battle: a monster's attacks, each with its own initiative roll.
const naturalAttack = z.union(
  [
    dice("an attack's damage"),
    z.strictObject(
      titled(
        described(
          { name: z.string().min(1), damage: dice("damage") },
          {
            name: "The attack's name (claw, bite)",
            damage: "Its damage dice (1d6, 2d4)",
          },
        ),
        { name: "Name", damage: "Damage dice" },
      ),
    ),
  ],
  { error: 'a natural attack is damage dice ("1d6") or { name, damage }' },
);

const SAVES = ["none", "half", "negates"] as const;
const EFFECTS = ["damage", "out", "gm"] as const;

// Magic Use in Combat, Spells, Wands: the chapter lists no spells, so a file gives each (Fray's
// default): its damage, save, effect, range and area.
const magicFields = titled(
  described(
    {
      name: z.string({ error: "a spell or wand needs a name" }).min(1),
      damage: dice("damage").optional(),
      save: z.enum(SAVES, { error: 'save is "none", "half" or "negates"' }).optional(),
      effect: z
        .enum(EFFECTS, {
          error:
            'effect is "damage", "out" (asleep, held: out of the fight) or "gm" (the GM rules)',
        })
        .optional(),
      range: whole("range (feet)", 5, 1000).default(150),
      area: flag("area").default(false),
    },
    {
      name: "The spell's name (Sleep, Magic Missile)",
      damage: "Its damage dice, when it does damage",
      save: "What the target's saving throw does: nothing, halves the damage, or negates the spell",
      effect:
        "What it does: damage, puts the target out of the fight (asleep, held), or what the GM rules",
      range: "How far it reaches, in feet (Fray's default 150)",
      area: "It strikes an area: every foe within 5 ft of the target",
    },
  ),
  {
    name: "Name",
    damage: "Damage dice",
    save: "Saving throw",
    effect: "Effect",
    range: "Range (feet)",
    area: "Area",
  },
);

export const spellSchema = z.strictObject({
  ...magicFields,
  ...titled(
    described(
      {
        level: whole("level (spell level)", 1, 12).default(1),
        uses: whole("uses", 1, 99).default(1),
      },
      {
        // Spell Level Required Armour Quality: a fighter-mage's armour by spell level.
        level:
          "The spell's level: a fighter-mage casts it only in magical armour of the quality it needs",
        uses: "How many times it can be cast (or read, for a scroll) in the fight",
      },
    ),
    { level: "Spell level", uses: "Uses" },
  ),
});

export const wandSchema = z.strictObject({
  ...magicFields,
  ...titled(
    described(
      { charges: whole("charges", 1, 200).default(10) },
      { charges: "Charges left: each use of the wand spends one" },
    ),
    { charges: "Charges" },
  ),
});

/** A monster: hit dice and no character class or level (Base Combat Bonuses: its hit dice). */
export function isMonsterStats(s: {
  readonly hitDice?: number | undefined;
  readonly level?: number | undefined;
  readonly class?: string | undefined;
}): boolean {
  return s.hitDice !== undefined && (s.level === undefined || s.class === undefined);
}

/** Fit for the off hand: the weapon table's light weapons, or one the file calls light. */
function lightWeapon(item: z.output<typeof weaponItemSchema>): boolean {
  if (typeof item === "string") return WEAPONS[item]?.light ?? false;
  return item.light ?? (item.weapon === undefined ? false : (WEAPONS[item.weapon]?.light ?? false));
}

export const CLASSES = [
  "fighter",
  "ranger",
  "fighter-mage",
  "magic-user",
  "cleric",
  "thief",
  "other",
] as const;
export type CharacterClass = (typeof CLASSES)[number];

export const combatantStatsSchema = z
  .strictObject(
    titled(
      described(
        {
          class: z.enum(CLASSES, { error: `class is one of ${CLASSES.join(", ")}` }).optional(),
          level: whole("level", 0, 30).optional(),
          hitDice: whole("hitDice", 0, 40).optional(),
          kind: z
            .enum(["character", "npc", "monster"], {
              error: 'kind is "character", "npc" or "monster"',
            })
            .optional(),
          bcb: whole("bcb (Base Combat Bonus)", 0, 20).optional(),
          hitPoints: whole("hitPoints", 1, 10000),
          currentHitPoints: emptyMeans(whole("currentHitPoints", -100, 10000).optional(), "unhurt"),
          save: emptyMeans(
            whole("save (saving throw number)", 2, 20).optional(),
            "by level or hit dice",
          ),
          str: whole("str (Strength score)", 1, 25).default(DEFAULTS.ability),
          dex: whole("dex (Dexterity score)", 1, 30).default(DEFAULTS.ability),
          con: whole("con (Constitution score)", 1, 25).default(DEFAULTS.ability),
          ac: whole("ac (armour class without DEX or BCB)", 0, 40).optional(),
          armour: tableKey("armour", namesOf(ARMOUR)).default("none"),
          armourMagic: whole("armourMagic", 0, 5).default(0),
          shield: tableKey("shield", namesOf(SHIELDS)).default("none"),
          shieldMagic: whole("shieldMagic", 0, 5).default(0),
          helm: z
            .enum(["none", "open", "closed", "armet"], {
              error: 'helm is "none", "open", "closed" or "armet"',
            })
            .default("none"),
          weapons: z.array(weaponItemSchema).default([]),
          offHand: weaponItemSchema.optional(),
          attacks: z
            .array(naturalAttack)
            .max(8, { error: "attacks: at most 8 natural attacks (one initiative roll each)" })
            .default([]),
          speed: whole("speed (inches)", 0, 48).default(DEFAULTS.speed),
          spells: z.array(spellSchema).default([]),
          scrolls: z.array(spellSchema).default([]),
          wands: z.array(wandSchema).default([]),
          surpriseDie: z
            .union(
              SURPRISE_LADDER.map((d) => z.literal(d)),
              { error: `surpriseDie is one of ${SURPRISE_LADDER.join(", ")}` },
            )
            .default(6),
          // 1. Determine Surprise: wisdom and senses may change the roll (1 for the alert, 3 or more for
          // dull senses); a 1 always surprises.
          surprisedOn: whole("surprisedOn", 1, 29).default(2),
          initiativeDie: z
            .union(
              [2, 3, 4, 6, 8, 10, 12, 20].map((d) => z.literal(d)),
              { error: "initiativeDie is 2, 3, 4, 6, 8, 10, 12 or 20" },
            )
            .optional(),
          allRoundVision: flag("allRoundVision").default(false),
          seesInvisible: flag("seesInvisible").optional(),
          invisible: flag("invisible").default(false),
          fearless: flag("fearless").default(false),
          massive: flag("massive").default(false),
          vitals: flag("vitals").default(true),
          subduable: flag("subduable").optional(),
          subdual: z
            .enum(["never", "ask", "always"], { error: 'subdual is "never", "ask" or "always"' })
            .default("never"),
          cover: whole("cover", 0, 4).default(0),
          terrain: whole("terrain", -4, 4).default(0),
          mightyBlowBonus: whole("mightyBlowBonus", 0, 10).default(0),
          needsMagic: whole("needsMagic (the magic a weapon needs to hurt it)", 0, 5).default(0),
        },
        {
          // Base Combat Bonuses (class tables); Magic Use in Combat and Spells (casters' armour);
          // Two-Weapon Fighting (a ranger's two swords).
          class:
            "Its class: the fighter's and ranger's Base Combat Bonus are built in; magic-users and fighter-mages cast only in the armour their spells allow",
          level:
            "A character's or NPC's level: with a fighter or ranger it sets the Base Combat Bonus, and it sets the saving throw",
          // Base Combat Bonuses: monsters add their hit dice, at most +15.
          hitDice:
            "A monster's hit dice: its Base Combat Bonus (at most +15) and its saving throw; more than 11 sees the invisible",
          // Morale (characters decide their own); Subdual Damage (characters and NPCs).
          kind: "Character, NPC or monster (left empty: a monster when it has hit dice and no level or class): characters decide their own morale, NPCs and monsters check it",
          // Base Combat Bonuses: split each round between to-hit and AC.
          bcb: "Base Combat Bonus from the class table: split each round between its attack and its AC (needed for classes other than fighter and ranger)",
          hitPoints: "Hit points at full: at 0 or below it saves versus death or goes down",
          currentHitPoints:
            "Hit points when the fight begins, if fewer than full (left empty: unhurt)",
          // Critical Hits and Fumbles: one saving throw number (Blogo's is 10); the table is Fray's.
          save: "Its saving throw number, against Mighty Blows, death and spells (left empty: Fray's default, 15 at level 1 one better a level; monsters 19 - hit dice)",
          // The Attack Roll: the strength modifier for hand-held weapons, to hit and to damage.
          str: "Strength score: its modifier adds to hit and damage with hand-held weapons (Fray's default 10)",
          // The Attack Roll (missiles); COMBAT INITIATIVE: the initiative die by DEX.
          dex: "Dexterity score: its modifier adds to missile attacks and to AC, and it sets the initiative die (Fray's default 10)",
          // Effects of Mighty Blows: some effects are taken off CON.
          con: "Constitution score: Mighty Blows and assassinations take damage off it (Fray's default 10)",
          // The Attack Roll: against the target's armour class (ascending).
          ac: "A monster's armour class (ascending), in place of armour and shield: DEX and the BCB on defence still add",
          armour: "Armour worn: its bonus adds to AC 10 (ascending)",
          // Spell Level Required Armour Quality: a fighter-mage casts in magical armour.
          armourMagic:
            "The armour's magic (+1 to +5): adds to AC, and is the armour quality a fighter-mage's spells need",
          shield: "Shield carried: its bonus adds to AC (and to a shield-wall)",
          shieldMagic: "The shield's magic (+1 to +5), added to AC",
          // Surprise: a vision- or hearing-restricting helm drops the surprise die one or two levels.
          helm: "Helm worn: an open or closed helm drops the surprise die one step down the ladder, an armet two",
          weapons:
            "Weapons carried, from the table or its own (damage dice, reach or range, magic): the first is in hand",
          // Two-Weapon Fighting: the off hand takes a light weapon unless a ranger.
          offHand:
            "A second weapon in the off hand: two attacks at -3 each, or one at -1 and +1 AC (a dagger, short sword or hand-axe unless a ranger)",
          // Order of Battle: a monster's attacks (one initiative roll each).
          attacks:
            "A monster's natural attacks (claw, claw, bite): each its own damage dice and initiative roll",
          // Ground Scale: inches of 5 feet; 12 is cited from Swords & Wizardry Complete.
          speed:
            "Movement in inches (5 feet each) a round (Fray's default 12, an unencumbered human's)",
          // Magic Use in Combat; Spells: cast at the start of the round, interrupted by a hit.
          spells:
            "Spells it has memorised, each with its level, range, area, damage or effect, save and uses",
          scrolls: "Scrolls it carries, read like a spell, each with its uses",
          // Wands and similar magic items in combat: a command word, so hard to interrupt.
          wands: "Wands it carries: a command word casts the spell, at one charge each",
          // Surprise: a die by class and species, surprised on 1 or 2 of the d6 by default.
          surpriseDie:
            "The die it rolls for surprise (d6 by default; up to d30 for the alert, down the ladder for a helm)",
          surprisedOn:
            "Surprised on this roll or less, for that many segments (2 by default; 1 for the alert, 3 or more for dull senses)",
          // COMBAT INITIATIVE: the initiative die by DEX score.
          initiativeDie: "Its initiative die, in place of the one its DEX gives",
          // Backstabbing and Flanking: from behind +2; all-round vision sees it coming.
          allRoundVision: "Sees all round: no attack on it counts as from behind or flanking",
          // Invisible Opponents: more than 11 hit dice usually see invisible creatures.
          seesInvisible: "Sees invisible creatures (left empty: monsters of more than 11 hit dice)",
          invisible: "Invisible: attacks on it are at -4 once it is detected",
          // Morale: the fearless fight to the death.
          fearless: "Fights to the death: never checks morale",
          // Spears and Polearms: a massive opponent may not be dissuaded.
          massive: "Too massive to be fended off by spears and polearms, or wrestled down",
          // Backstabbing and Flanking: assassination needs anatomy (not blobs or most undead).
          vitals: "Has vitals an assassin can strike (not blobs or most undead)",
          // Subdual Damage: characters and NPCs can be beaten down rather than killed.
          subduable: "Can be beaten down rather than killed (left empty: characters and NPCs)",
          subdual:
            "Fights to subdue: never, asked each attack, or always (half its damage is subdual)",
          // Terrain Features: cover and higher ground, at most +/- 4.
          cover: "Cover it stands behind: a penalty of 0 to 4 on attacks against it",
          terrain:
            "Its vantage (higher ground, footing): -4 to +4 on its attacks, less its target's cover",
          // Effects of Mighty Blows: the effect die.
          mightyBlowBonus: "Added to the effect die of its Mighty Blows",
          // Critical Hits and Fumbles: creatures needing special weapons.
          needsMagic:
            "The magic a weapon needs to hurt it (+1 to +5; 0: any weapon); even a natural 20 does not",
        },
      ),
      {
        class: "Class",
        level: "Level",
        hitDice: "Hit dice",
        kind: "Kind (character, NPC, monster)",
        bcb: "Base Combat Bonus",
        hitPoints: "Hit points at full",
        currentHitPoints: "Hit points now",
        save: "Saving throw",
        str: "Strength",
        dex: "Dexterity",
        con: "Constitution",
        ac: "Armour class (without DEX or BCB)",
        armour: "Armour",
        armourMagic: "Armour's magic (+N)",
        shield: "Shield",
        shieldMagic: "Shield's magic (+N)",
        helm: "Helm",
        weapons: "Weapons",
        offHand: "Off-hand weapon",
        attacks: "Natural attacks",
        speed: "Speed (inches)",
        spells: "Spells",
        scrolls: "Scrolls",
        wands: "Wands",
        surpriseDie: "Surprise die",
        surprisedOn: "Surprised on (or less)",
        initiativeDie: "Initiative die",
        allRoundVision: "All-round vision",
        seesInvisible: "Sees the invisible",
        invisible: "Invisible",
        fearless: "Fearless",
        massive: "Massive",
        vitals: "Has vitals",
        subduable: "Can be subdued",
        subdual: "Fights to subdue",
        cover: "Cover",
        terrain: "Terrain",
        mightyBlowBonus: "Mighty Blow bonus",
        needsMagic: "Magic needed to hurt it (+N)",
      },
    ),
  )
  .refine((s) => s.level !== undefined || s.hitDice !== undefined, {
    error: "a combatant needs level (a character or NPC) or hitDice (a monster)",
  })
  // Base Combat Bonuses: a monster's is its hit dice; a character's comes from its class table,
  // and only the fighter's (and ranger's) is built in. A character of another class with hit
  // dice too is still a character: its hit dice do not stand in for the class table.
  .refine(
    (s) =>
      s.bcb !== undefined ||
      isMonsterStats(s) ||
      s.class === undefined ||
      s.class === "fighter" ||
      s.class === "ranger",
    {
      error:
        "bcb: the chapter's class tables are not in it; give the Base Combat Bonus of this class and level",
    },
  )
  .refine((s) => s.surprisedOn < s.surpriseDie, {
    error: "surprisedOn is below the surprise die (a 1 on a d6 is 1, the default 2, up to 5)",
    path: ["surprisedOn"],
  })
  .refine((s) => s.currentHitPoints === undefined || s.currentHitPoints <= s.hitPoints, {
    error: "currentHitPoints is at most hitPoints (the hit points it has unhurt)",
    path: ["currentHitPoints"],
  })
  // Two-Weapon Fighting: the off hand takes a dagger, short sword or hand-axe (or similar)
  // unless a ranger.
  .refine((s) => s.offHand === undefined || s.class === "ranger" || lightWeapon(s.offHand), {
    error:
      'the off-hand weapon must be a dagger, short sword or hand-axe (or similar: "light: true"), unless a ranger',
    path: ["offHand"],
  });

export type CombatantStats = z.output<typeof combatantStatsSchema>;
export type WeaponItem = z.output<typeof weaponItemSchema>;
export type SpellItem = z.output<typeof spellSchema>;
export type WandItem = z.output<typeof wandSchema>;

export const encounterOptionsSchema = z
  .strictObject({
    distance: whole("distance (feet between the sides)", 0, 10000)
      .default(DEFAULTS.startingDistance)
      .describe("Feet between the two sides when the fight begins"),
    positions: z
      .record(
        idOf("combatant", "positions are by combatant id"),
        whole("a position (feet along the field)", -10000, 10000),
      )
      .default({})
      .describe("Where a combatant stands, in feet along the field, in place of its side's line"),
    // 1. Determine Surprise: by the die, none, or the GM's ambush.
    surprise: z
      .enum(["roll", "none", "ambush"], {
        error:
          'surprise is "roll" (every combatant rolls its surprise die), "none" or "ambush" (with ambusher, ambushChance, ambushSegments)',
      })
      .default("roll")
      .describe(
        "Surprise: every combatant rolls its surprise die, none, or an ambush (the ambusher's side gets free segments)",
      ),
    ambusher: idOf("side", "ambusher is a side id")
      .optional()
      .describe("With an ambush: the side that ambushes"),
    ambushChance: whole("ambushChance (percent)", 1, 100)
      .default(100)
      .describe("With an ambush: its chance of working, in percent"),
    ambushSegments: whole("ambushSegments", 1, 6)
      .default(1)
      .describe("With an ambush: the free segments the ambushers act in"),
    // Invisible Opponents: a suspected but undetected one is hit only by area effects.
    undetected: z
      .array(idOf("combatant", "undetected lists combatant ids"))
      .default([])
      .describe("Invisible combatants nobody has detected: only area effects can hit them"),
    // Shield-wall: locked shields, flanks +2, centre +3.
    shieldWalls: z
      .array(z.array(idOf("combatant", "a shield-wall lists combatant ids, left to right")))
      .default([])
      .describe("Shield walls, each its combatants left to right: flanks +2, centre +3 to AC"),
    facing: z
      .record(
        idOf("combatant", "facing is by combatant id"),
        z.enum(["toward", "away"], {
          error: 'facing is "toward" its foes (the default) or "away" (its back to them)',
        }),
      )
      .default({})
      .describe(
        "A combatant turned away from its foes (its back to them), so that blows come from behind",
      ),
    // Terrain Features: the GM's bonuses and penalties, +/- 4 at most.
    terrainDexModifier: whole("terrainDexModifier", -10, 10)
      .default(0)
      .describe("The terrain's modifier to a DEX roll to retreat (mud, ice, rubble)"),
    askTerrain: flag("askTerrain")
      .default(false)
      .describe("Ask the GM before each attack for the terrain's bonus or penalty, at most +/- 4"),
  })
  // 1. Determine Surprise: the GM's ambush gives one side the free phases; the file names it.
  .refine((o) => o.surprise !== "ambush" || o.ambusher !== undefined, {
    error: "an ambush needs ambusher: the id of the side that ambushes",
    path: ["ambusher"],
  });

export type EncounterOptions = z.output<typeof encounterOptionsSchema>;
