// What an encounter file says about a combatant (stats and gear, without id/name/side) and about
// the encounter (who is the party, how the fight starts, where everyone stands). Errors name the
// field and what it allows: `weapons[0]: unknown weapon "sward"; known: club, dagger, ...`.
import { z } from "zod";
import { emptyMeans } from "../../engine/empty-list.js";
import { idOf } from "../../engine/encounter-ids.js";
import { keyOrRecord, namesOf, tableKey } from "../../engine/table-keys.js";
import { described, titled } from "../../engine/stat-titles.js";
import { ARMOUR, SHIELDS } from "./data/armour.js";
import { DEFAULTS } from "./data/defaults.js";
import { WEAPONS } from "./data/weapons.js";

const whole = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} is a whole number from ${min} to ${max}` })
    .int({ error: `${what} is a whole number from ${min} to ${max}` })
    .min(min, { error: `${what} is a whole number from ${min} to ${max}` })
    .max(max, { error: `${what} is a whole number from ${min} to ${max}` });

const bonus = (what: string) => whole(`${what} bonus`, -10, 30).default(0);

const flag = (what: string) => z.boolean({ error: `${what} is true or false` });

const weaponFields = z.strictObject(
  titled(
    described(
      {
        weapon: tableKey("weapon", namesOf(WEAPONS)).optional(),
        name: z.string({ error: "name is text" }).min(1).optional(),
        die: whole("die (sides of the damage die)", 2, 20).optional(),
        kind: z
          .enum(["melee", "reach", "ranged"], { error: 'kind is "melee", "reach" or "ranged"' })
          .optional(),
        finesse: flag("finesse").optional(),
        reach: whole("reach (feet)", 5, 30).optional(),
        range: whole("range (feet)", 10, 1000).optional(),
        reload: flag("reload").optional(),
        thrown: flag("thrown").optional(),
        natural: flag("natural").optional(),
        magic: whole("magic (the weapon's +N)", 0, 10).default(0),
        specialised: flag("specialised").default(false),
        carried: z
          .enum(["hand", "ready", "pack"], {
            error: 'carried is "hand", "ready" (scabbard, sheath, bandolier) or "pack"',
          })
          .optional(),
        count: whole("count", 1, 99).optional(),
      },
      {
        // Actions; the weapon table is Fray's beyond the chapter's dagger, shortsword, longsword, club.
        weapon:
          "A weapon from the table, which gives its die, kind and reach or range (other: one of your own, with a name, die and kind)",
        name: "The weapon's name (with a die and a kind: a weapon not in the table)",
        // Damage Dice: the die, rolled as many times as the Damage Dice Multiplier, exploding.
        die: "Sides of its damage die: a blow rolls one per two levels of the wielder, a top roll exploding",
        // Combat - Attack Actions: melee, reach and range combat.
        kind: "Melee (adjacent, STR to damage), reach (a little farther) or ranged (AWA to damage, straight to injuries)",
        // Combat - Attack Actions: finesse weapons use DEX; Sneak Attacks: a finesse weapon's weak point.
        finesse:
          "A finesse weapon: DEX, not STR, adds to its damage, and a sneak attack with it may strike a weak point",
        reach: "How far it strikes, in feet (a spear's or halberd's 10 is Fray's default)",
        // Range Combat: the target at least 10 ft away.
        range: "How far it shoots or is thrown, in feet (the target at least 10 ft away)",
        // Reload: an action.
        reload: "Must be reloaded, an action, after every shot",
        thrown: "Thrown: it leaves the hand with the throw and must be picked up again",
        // Power Attacks break the weapon; bare hands and claws make none (Fray's default).
        natural:
          "A natural weapon (claws, teeth): part of the combatant, never drawn or dropped, no Power Attack",
        // Resolving Combat: magical item bonuses add to damage.
        magic: "Its magic (+N), added to the damage of each blow",
        // Range Combat: Weapon Specialization halves a shot's stamina cost.
        specialised:
          "The wielder is specialised in it: a shot's stamina cost is halved, rounded up",
        // Actions: drawing a weapon is an action; one starts in hand.
        carried:
          "Where it is when the fight begins: in hand (one at most), ready (scabbard, sheath) or in the pack",
        count: "How many are carried (javelins, daggers to throw)",
      },
    ),
    {
      weapon: "Weapon",
      name: "Name",
      die: "Damage die (sides)",
      kind: "Kind",
      finesse: "Finesse",
      reach: "Reach (feet)",
      range: "Range (feet)",
      reload: "Needs reloading",
      thrown: "Thrown",
      natural: "Natural weapon",
      magic: "Magic (+N)",
      specialised: "Specialised",
      carried: "Carried",
      count: "How many",
    },
  ),
);

const weaponObject = weaponFields.superRefine(checkWeaponFields);

/**
 * Fields that the weapon's kind would silently ignore, or misuse, are refused: a range or a reload
 * on a melee weapon, a reach on a ranged one, "thrown" on a weapon swung in melee (it would leave
 * the hand with every blow), a place for a natural weapon (fists are never drawn or dropped).
 */
function checkWeaponFields(w: z.output<typeof weaponFields>, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: "custom", path: [path], message });
  if (w.weapon === undefined && (w.name === undefined || w.die === undefined)) {
    ctx.addIssue({
      code: "custom",
      message:
        'a weapon is a table key (dagger, shortsword, ...) or an object with "weapon", or with "name" and "die" for one not in the table',
    });
    return;
  }
  const base = w.weapon === undefined ? undefined : WEAPONS[w.weapon];
  const kind = w.kind ?? base?.kind ?? "melee";
  const name = w.name ?? base?.name ?? "weapon";
  if (kind === "ranged") {
    if (w.reach !== undefined)
      issue("reach", `reach is for melee and reach weapons; the ${name} is ranged: give its range`);
  } else {
    const why = `the ${name} is a ${kind} weapon (give kind: "ranged" for one that is shot or thrown)`;
    if (w.range !== undefined) issue("range", `range is for ranged weapons; ${why}`);
    if ((w.reload ?? base?.reload) === true)
      issue(w.reload === undefined ? "kind" : "reload", `reload is for ranged weapons; ${why}`);
    if ((w.thrown ?? base?.thrown) === true)
      issue(w.thrown === undefined ? "kind" : "thrown", `thrown is for ranged weapons; ${why}`);
  }
  if ((w.natural ?? base?.natural) === true && w.carried !== undefined)
    issue(
      "carried",
      `a natural weapon (${name}) is part of the combatant, never carried: remove carried`,
    );
}

export const weaponItemSchema = keyOrRecord(
  "weapon",
  namesOf(WEAPONS),
  weaponObject,
  "a table key or an object { weapon, magic, specialised, carried } (or { name, die, kind } for one not in the table)",
);

// Actions: most spells take an action; Damage Dice: a spell names its die. The spells themselves
// are not in the chapter: each is given in the file (Fray's default).
const spellFields = z.strictObject(
  titled(
    described(
      {
        name: z.string({ error: "a spell needs a name" }).min(1),
        die: whole("die (sides of the spell's damage die)", 2, 20).optional(),
        range: whole("range (feet)", 5, 1000).default(60),
        bonus: whole("bonus", -10, 30).default(0),
        direct: flag("direct").default(false),
        mitigated: flag("mitigated").default(true),
        uses: whole("uses", 1, 99).default(1),
      },
      {
        name: "The spell's name, as the table calls it",
        die: "Sides of its damage die, rolled as a weapon's are (left empty: it does no damage, its effect is the GM's)",
        range: "How far it reaches, in feet (Fray's default 60)",
        bonus: "Added to its damage, as a weapon's STR or AWA bonus is",
        direct: "Its damage is Direct Damage: straight to injury slots, past stamina",
        mitigated:
          "The target's DEX and armour are taken off its damage (unchecked: nothing stops it)",
        uses: "How many times it can be cast in the fight",
      },
    ),
    {
      name: "Name",
      die: "Damage die (sides)",
      range: "Range (feet)",
      bonus: "Damage bonus",
      direct: "Direct Damage",
      mitigated: "DEX and armour count",
      uses: "Uses",
    },
  ),
);

/**
 * bonus, direct and mitigated shape a spell's damage; a spell without a die does none (its effect
 * is the GM's), so they would be ignored: refused instead.
 */
export const spellSchema = spellFields.superRefine((sp, ctx) => {
  if (sp.die !== undefined) return;
  const given: [keyof typeof sp, boolean][] = [
    ["bonus", sp.bonus !== 0],
    ["direct", sp.direct],
    ["mitigated", !sp.mitigated],
  ];
  for (const [field, set] of given)
    if (set)
      ctx.addIssue({
        code: "custom",
        path: [field],
        message: `${field} is for a spell that deals damage: give ${sp.name} its die, or remove ${field}`,
      });
});

const combatantFields = z.strictObject(
  titled(
    described(
      {
        level: whole("level", 1, 40),
        str: bonus("STR"),
        dex: bonus("DEX"),
        awa: bonus("AWA"),
        stamina: whole("stamina (Stamina Points)", 0, 10000),
        currentStamina: emptyMeans(whole("currentStamina", 0, 10000).optional(), "full"),
        injurySlots: whole("injurySlots", 1, 1000).default(DEFAULTS.injurySlots),
        injuries: whole("injuries (slots already filled)", 0, 1000).default(0),
        move: whole("move (feet)", 0, 1000).default(DEFAULTS.move),
        armour: tableKey("armour", namesOf(ARMOUR)).default("none"),
        naturalArmour: whole("naturalArmour (armour points)", 0, 50).default(0),
        shield: tableKey("shield", namesOf(SHIELDS)).optional(),
        weapons: z.array(weaponItemSchema).default(["unarmed"]),
        spells: z.array(spellSchema).default([]),
        cannotBeSurprised: flag("cannotBeSurprised").default(false),
      },
      {
        // Damage Dice: the Damage Dice Multiplier, ceil(level / 2) (Tombril, level 9, rolls 5d6).
        level:
          "The character's or creature's level: its blows roll one damage die per two levels, rounded up (the Damage Dice Multiplier)",
        // Resolving Combat: STR for power melee and reach damage.
        str: "STR bonus: added to the damage of its power melee and reach attacks",
        // Resolving Combat: DEX for finesse damage, and taken off the damage of every blow it takes.
        dex: "DEX bonus: added to the damage of its finesse attacks, and taken off the damage of every blow it takes",
        // Resolving Combat: AWA for ranged damage; Sneak Attacks: the AWA check at a weak point.
        awa: "AWA bonus: added to the damage of its ranged attacks and to the AWA check of a sneak attack",
        // Resolving Combat: melee damage drains Stamina Points; Range Combat: ranged damage does not.
        stamina:
          "Stamina Points at full: melee damage drains them first; what is left over, and ranged damage, fills injury slots",
        currentStamina:
          "Stamina Points when the fight begins, if fewer than full (left empty: full)",
        // The sheet gives injury slots; 10 and death with every slot filled are Fray's defaults.
        injurySlots:
          "Injury slots: each point of Direct Damage fills one; with every slot filled the combatant is dead (from the sheet; Fray's default 10)",
        injuries: "Injury slots already filled when the fight begins",
        // The Combat Turn, Movement: no farther than the Move value; 40 ft is Fray's default.
        move: "Feet it may travel in its Combat Turn, before or after its Action (from the sheet; Fray's default 40)",
        // Resolving Combat: Armor Points are taken off damage; the armour table is Fray's.
        armour:
          "Armour worn: its Armor Points are taken off the damage of every blow (the table's points are Fray's defaults: the chapter gives none)",
        // Damage Dice example: the Hill Giant's tough skin adds 1 Armor Point.
        naturalArmour: "Armor Points of a tough skin or hide, added to its armour's",
        // Parrying: a weapon or a shield, or both; a shield's points and durability are Fray's.
        shield: "Shield carried: it can parry, and its Armor Points count against blows",
        // Actions: drawing or sheathing a weapon takes an action; bare hands are always there.
        weapons:
          "Weapons carried, from the table or its own, each in hand, ready or in the pack: bare hands are always added",
        // Actions: most spells take an action; the spells themselves are Fray's, given per file.
        spells:
          "Spells it can cast as its Action, each with its damage die, range, bonus and uses (the chapter has no spell list: each is given here)",
        // Surprise: exceptions are individual.
        cannotBeSurprised:
          "Cannot be surprised: it takes its Combat Turn in the first round even when its side is surprised",
      },
    ),
    {
      level: "Level",
      str: "STR bonus",
      dex: "DEX bonus",
      awa: "AWA bonus",
      stamina: "Stamina at full (SP)",
      currentStamina: "Stamina now (SP)",
      injurySlots: "Injury slots",
      injuries: "Injuries (slots filled)",
      move: "Move (ft)",
      armour: "Armour",
      naturalArmour: "Natural armour (points)",
      shield: "Shield",
      weapons: "Weapons",
      spells: "Spells",
      cannotBeSurprised: "Cannot be surprised",
    },
  ),
);

export const combatantStatsSchema = combatantFields.superRefine(checkCombatantFields);

/**
 * What the fields say together: stamina starts at most full, no more slots are filled than there
 * are, and one weapon at most starts in hand (drawing another drops it: Actions).
 */
function checkCombatantFields(c: z.output<typeof combatantFields>, ctx: z.RefinementCtx): void {
  if (c.currentStamina !== undefined && c.currentStamina > c.stamina)
    ctx.addIssue({
      code: "custom",
      path: ["currentStamina"],
      message: `currentStamina (${c.currentStamina}) is more than stamina (${c.stamina}): give at most ${c.stamina}, or raise stamina`,
    });
  if (c.injuries > c.injurySlots)
    ctx.addIssue({
      code: "custom",
      path: ["injuries"],
      message: `injuries (${c.injuries}) are more than injurySlots (${c.injurySlots}): give at most ${c.injurySlots}, or raise injurySlots`,
    });
  let inHand = -1;
  c.weapons.forEach((w, i) => {
    if (typeof w === "string" || w.carried !== "hand") return;
    if (inHand >= 0)
      ctx.addIssue({
        code: "custom",
        path: ["weapons", i, "carried"],
        message: `only one weapon starts in hand and weapons[${inHand}] does: make this one "ready" or "pack"`,
      });
    else inHand = i;
  });
}

export type CombatantStats = z.output<typeof combatantStatsSchema>;
export type WeaponItem = z.output<typeof weaponItemSchema>;
export type SpellItem = z.output<typeof spellSchema>;

export const START_KINDS = ["unexpected", "expected", "party-ambush", "opponents-ambush"] as const;
export type StartKind = (typeof START_KINDS)[number];

export const encounterOptionsSchema = z.strictObject({
  /** The side of the player characters (default: the first side of the file). */
  party: idOf("side", "party is a side id")
    .optional()
    .describe("The player characters' side (the first side of the file when none is picked)"),
  // "Surprise": unexpected, expected, or one side ambushing the other.
  start: z
    .enum(START_KINDS, {
      error:
        'start is "unexpected" (either side may be surprised), "expected" (nobody is), "party-ambush" or "opponents-ambush"',
    })
    .default("unexpected")
    .describe(
      "How the fight begins: unexpected (either side may be surprised), expected (nobody is), or an ambush by the party or by its opponents",
    ),
  // "Surprise": a reverse ambush, the GM's call.
  reverseAmbush: flag("reverseAmbush")
    .default(false)
    .describe(
      "The ambushed side turns the ambush around (the GM rules whether surprise is possible)",
    ),
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
  concealed: z
    .array(idOf("combatant", "concealed lists combatant ids"))
    .default([])
    .describe("Combatants hidden when the fight begins: a sneaky one hidden acts first"),
  // Sneak Attacks: hiding needs cover; the GM is asked, this is the answer the policy gives.
  cover: flag("cover")
    .default(true)
    .describe("The field has cover a combatant can hide behind (the GM's answer when one tries)"),
});

export type EncounterOptions = z.output<typeof encounterOptionsSchema>;
