// One row per rule paragraph of the chapter: what Fray does with it, where, and which test checks
// it. docs/rulesets/swords-wizardry-fitz.md carries the same table (a test keeps them in step).
import {
  gmDecision as gm,
  implemented as impl,
  notApplicable as na,
} from "../../engine/coverage.js";
import type { CoverageRow, FrayDefault } from "../../engine/ruleset.js";

const A = "procedures/attack.test.ts › ";
const R = "procedures/round.test.ts › ";
const M = "procedures/movement.test.ts › ";
const G = "golden.test.ts › ";
const MG = "procedures/magic.test.ts › ";
const MS = "procedures/missiles.test.ts › ";

export const COVERAGE: readonly CoverageRow[] = [
  impl(
    "The Attack Roll",
    "d20 plus the Base Combat Bonus, STR (hand-held weapons), DEX (missiles), magic and situational adjustments",
    "procedures/combat-numbers.ts toHit",
    `${A}equal to or greater than the target's AC hits: a 12 with +1 against AC 13`,
  ),
  impl(
    "The Attack Roll",
    "Compared to the target's ascending AC: equal or greater hits",
    "procedures/attack.ts resolveAttack, rolls.ts attackRoll",
    `${A}one short misses`,
  ),
  impl(
    "Base Combat Bonuses",
    "The class advancement tables give each level's Combat Bonus",
    "data/charts.ts fighterBcb (a default: the tables are not in the chapter); any class: the bcb field",
    "setup.test.ts › a character's comes from its class table (the fighter's is a default), or from the file",
  ),
  impl(
    "Base Combat Bonuses",
    "Monsters add their hit dice, at most +15, ignoring extra hit points",
    "data/charts.ts monsterBcb, setup.ts",
    "setup.test.ts › monsters add their hit dice, up to +15; extra hit points do not count",
  ),
  impl(
    "Base Combat Bonuses",
    "The BCB can go to hit, to AC, or be split, never more than the total",
    'procedures/plans.ts chooseStances (decision "<id>:bcb": 0..BCB on attack, the rest on AC, or "defend"; policy policies/bcb-policy.ts)',
    `${G}+2 both to hit and to AC: the attack adds +2 BCB and the orc's attack meets AC 14 + 2`,
  ),
  impl(
    "Base Combat Bonuses",
    "Example: a 7th level fighter's +4 as +4 to hit, +4 to AC, or +2 both",
    "data/charts.ts FIGHTER_BCB, procedures/plans.ts listBcb",
    `${G}the fighter table gives +4 at 7th level; he may use it as +4 to hit, +4 to AC, or +2 both`,
  ),
  impl(
    "Order of Battle",
    "Surprise, spells declared, initiative (one roll per attack, highest first), the counts, then the held actions together; the next round",
    "procedures/round.ts playRound, countdown",
    `${R}Order of Battle: whoever held its action acts after the count reaches 1`,
  ),
  impl(
    "Order of Battle",
    "Initiative is a d10 here but the DEX table gives d2 to d20 while the round counts down from 10",
    "switch initiativeAbove10 (default first: a roll above 10 acts before every 10); rolls.ts countOf",
    `${R}a roll above 10 acts before every 10 (switch initiativeAbove10: first); counted as 10 it acts with them, simultaneously`,
  ),
  impl(
    "1. Determine Surprise",
    "The GM decides whether one side gets free phases: by common sense, a chance (an ambush at 50%), or the die",
    "options.surprise (roll, none, ambush with ambusher, ambushChance, ambushSegments): the GM's call written in the encounter; procedures/surprise.ts",
    `${R}1. Determine Surprise: an ambush with a 50% chance gives the ambushers a free phase when it succeeds`,
  ),
  impl(
    "1. Determine Surprise",
    "By the die, surprised on a 1 or 2; wisdom and senses may change it; a 1 always surprises",
    "rolls.ts surpriseRoll; fields surpriseDie, surprisedOn",
    `${R}alert creatures are surprised only on a 1; a 1 always surprises`,
  ),
  na(
    "1. Determine Surprise",
    "Once combat is under way, surprise matters only for newcomers",
    "every combatant of an encounter is there from the start; surprise is determined once, in the first round",
  ),
  impl(
    "2. Declare Spells",
    "Spells are declared before initiative and begin at the start of the round; an enemy winning initiative may disturb them",
    'procedures/plans.ts declare (decision "<id>:plan": cast:<spell>:<foe>), procedures/magic.ts',
    `${MG}a successful attack before the count, or on the caster's own count, disrupts the spell and it is lost; one after it does not`,
  ),
  impl(
    "3. Determine Initiative",
    "COMBAT INITIATIVE: the initiative die by DEX score",
    "data/charts.ts INITIATIVE_DICE, setup.ts; field initiativeDie to override",
    `${R}COMBAT INITIATIVE: d2 at DEX 3, d3 at 4-5, d4 at 6-8, d6 at 9-14, d8 at 15-17, d10 at 18-20, d12 at 21-24, d20 at 25`,
  ),
  impl(
    "3. Determine Initiative",
    "Ties act simultaneously: two combatants may kill each other",
    "procedures/field.ts canAct (a combatant taken out at a count still acts at it)",
    `${R}ties act simultaneously: two combatants can kill each other in the same round`,
  ),
  impl(
    "4. The Combat Round",
    "The round counts down from 10 to 1; each acts on its number(s): moving, attacking, anything else",
    'procedures/round.ts countdown, procedures/slot.ts (decision "<id>:action"), procedures/actions.ts',
    `${R}one roll is made for each attack: two weapons roll two initiative dice, one weapon one`,
  ),
  na(
    "4. The Combat Round",
    "A one-minute round of feints and parries abstracted into one attack roll and one damage roll",
    "what Fray does: one d20 and one damage roll per attack per round",
  ),
  impl(
    "4. The Combat Round",
    "Move up to half speed and attack once in the same round",
    "procedures/actions.ts reachable (halfMove), procedures/slot.ts attackWith",
    `${MS}after moving, the second arrow is lost`,
  ),
  impl(
    "Archery",
    "Two arrows a round only when the archer does not move",
    "procedures/plans.ts setSlots (a bow first: two initiative rolls), procedures/actions.ts weaponFits",
    `${MS}a bow fires two arrows a round when the archer does not move: two initiative rolls, two attacks`,
  ),
  impl(
    "Archery",
    "Crossbows are not reloaded on the run; only very light ones spanned one-handed",
    "weapons reload light (spanned again at the end of a round without moving) or heavy (a round: reload:<weapon>); hands are not tracked",
    `${MS}a crossbow is not spanned on the run: a light one again only in a round without moving, a heavy one takes a round`,
  ),
  impl(
    "Assassination attacks",
    "Blows on the completely helpless or unaware (surprised, knocked out, pinned) go to CON",
    "procedures/attack.ts damageTarget, procedures/damage.ts conDamage",
    `${A}a blow on a helpless or unaware victim goes to CON; a successful save turns it back into hit-point damage`,
  ),
  impl(
    "Assassination attacks",
    "A successful save turns the CON damage back into hit-point damage",
    "procedures/attack.ts damageTarget",
    `${A}a blow on a helpless or unaware victim goes to CON; a successful save turns it back into hit-point damage`,
  ),
  gm(
    "Assassination attacks",
    "Only against foes whose anatomy the attacker knows; not blobs or most undead",
    'decision "gm:assassination" (default: yes unless the target has vitals: false)',
    `${A}a blow on a helpless or unaware victim goes to CON; a successful save turns it back into hit-point damage`,
  ),
  impl(
    "Backstabbing and Flanking",
    "+2 from behind; +1 per additional attacker on an opponent without all-round vision",
    "procedures/combat-numbers.ts toHit, attackersOn, fromBehind; field allRoundVision",
    `${G}three goblins round the sergeant: each of their attacks has +2`,
  ),
  impl(
    "Charging into combat",
    "The full move in a straight line and one attack, no DEX or BCB on AC that round, declared before initiative, subject to fending off",
    'procedures/plans.ts ("<id>:plan": charge:<foe>), procedures/slot.ts charge, procedures/combat-numbers.ts armourClass',
    `${M}declared before initiative; the full move in a straight line and one attack, with no DEX or BCB on AC that round`,
  ),
  impl(
    "Closing into combat",
    "Up to the full move, ending adjacent; no melee attack for either that round, spells and missiles still",
    "action close:<foe>; procedures/actions.ts meleeBarred; switch closingNoAttack (default pair)",
    `${M}up to the full move, ending adjacent; neither gets a melee attack on the other that round`,
  ),
  impl(
    "Critical Hits and Fumbles",
    "A natural 20 hits and does damage whatever the AC, but not a creature that needs special weapons",
    "procedures/attack.ts (NATURAL_20); field needsMagic",
    `${A}a natural 20 does damage even when it would not normally hit, and rolls no Mighty Blow`,
  ),
  impl(
    "Critical Hits and Fumbles",
    "A natural 20 that would have hit: damage as usual and the Mighty Blows chart",
    "procedures/attack.ts onHit, procedures/mighty-blows.ts; switch mightyBlowsFor",
    `${G}the ogre's natural 20 would have hit anyway: Blogo takes 3 + 2 STR and rolls 19 for effect and 17 to save: Oof! Stunned, a flesh wound, -2 CON`,
  ),
  impl(
    "Effects of Mighty Blows",
    "The chart: flesh wound, Oof!, Crushing Blow!, Incapacitating Strike!, Deadly Blow!, Mangled!, with the CON column",
    "data/charts.ts MIGHTY_BLOWS, procedures/mighty-blows.ts; switch fleshWounds",
    `${G}next round the 1d3 of the stun is rolled: a 2 keeps Blogo stunned through round 2`,
  ),
  impl(
    "Critical Hits and Fumbles",
    "A successful save takes one off the effect and one more per point it is made by, even negating it",
    "rolls.ts effectAfterSave, mightyBlowRoll; switches mightyBlowSave, mightyBlowNatural1",
    `${G}the two readings part where a save made exactly takes one off: 15 with a 10 against 10 is 14 (Oof!) by the text, 15 (Crushing Blow!) by the example`,
  ),
  impl(
    "Critical Hits and Fumbles",
    "Example: Blogo, save 10, rolls 19 for effect and 17 to save (the text's 12; 11 by the rule)",
    "examples/swords-wizardry-fitz/blogo-walloped.yaml",
    `${G}Blogo's save of 17 against 10 is made by 7: the rule text takes one and seven more off his 19, to 11 (the example's 12 is the slip)`,
  ),
  impl(
    "Critical Hits and Fumbles",
    "Monsters and NPCs: a save versus death from 0 to -5 (fight on at -2, or unconscious, a 1 dies); -6 to -10 unconscious and dies on a failed save; -11 dead",
    "procedures/damage.ts reachedZero; switch characterAtZero for characters",
    "procedures/damage.test.ts › from 0 to -5 a save versus death: success fights on at -2, failure is unconscious, a 1 dies",
  ),
  impl(
    "Critical Hits and Fumbles",
    "A missile's critical stays in the wound and hurts again when the victim moves or fights; a round to extract, normal damage unless the extractor saves",
    "procedures/missiles.ts embeddedDamage, extract; switch embeddedMissile; action extract:<id>",
    `${MS}does half its normal damage again (switch embeddedMissile) in any round its victim moves or fights`,
  ),
  gm(
    "Critical Hits and Fumbles",
    "The extractor's save is modified by circumstance",
    'decision "gm:extraction" (-4..+4, default 0)',
    `${MS}a full round to extract; normal damage unless the extractor saves (the GM may modify the save)`,
  ),
  impl(
    "Fumbles",
    "A natural 1 misses and gives every opponent within reach a free attack",
    "procedures/attack.ts fumble (free attacks do not chain)",
    `${A}a natural 1 is an automatic miss and gives every opponent within reach a free attack`,
  ),
  gm(
    "Fumbles",
    "It may also drop the weapon, hit the fumbler or a friend, strain a muscle or knock a helmet awry: the GM's choice",
    'decision "gm:fumble" (nothing, drop, self, friend, muscle, helmet; default nothing)',
    `${A}the GM may rule the weapon dropped: it cannot be used until picked up`,
  ),
  impl(
    "Saving Throw Criticals/Fumbles",
    "A natural 20 on a save escapes even partial damage; a natural 1 takes the maximum",
    "rolls.ts saveRoll, procedures/magic.ts applyMagic, procedures/missiles.ts extract",
    `${MG}an area spell takes everyone beside its target; a save halves it, a natural 20 escapes even that, a natural 1 takes the maximum`,
  ),
  impl(
    "Fighting Defensively",
    "The whole BCB on defence and no attacks: +2 AC more",
    'the "defend" answer of "<id>:bcb"; procedures/combat-numbers.ts armourClass; procedures/attack.ts readyForFreeAttack; procedures/actions.ts listActions (no wrestling or shoving)',
    "exchange.test.ts › fighting defensively is +2 AC over all of it on AC against the same blows, but it frees the ogre to put its own BCB on attack",
  ),
  impl(
    "Ground Scale",
    "One 1-inch square is 5 feet; ranges in inches at 1 inch to 5 feet",
    "data/defaults.ts feetPerInch; speed in inches x 5 feet a round on Fray's line",
    "setup.test.ts › Ground Scale: 1 inch is 5 feet, so a movement rate of 12 is 60 feet a round",
  ),
  impl(
    "Invisible Opponents",
    "-4 against a detected but unseen opponent; an undetected one cannot be attacked but by area spells; more than 11 hit dice see invisible",
    "procedures/combat-numbers.ts toHit; fields invisible, seesInvisible; options.undetected (the GM's call on who is detected)",
    `${A}Invisible Opponents: -4 against a detected but unseen opponent (not for those who see invisible)`,
  ),
  impl(
    "Magic Use in Combat",
    "Declared before initiative, off on the caster's count; any successful attack first disrupts it, even without damage",
    "procedures/magic.ts castNow (at the end of the caster's count: procedures/round.ts), procedures/attack.ts markHit (a blow, or a shove the GM allows: procedures/slot.ts); a blow on the caster's own count disrupts it too (switch spellSameCount)",
    `${MG}a successful attack before the count, or on the caster's own count, disrupts the spell and it is lost; one after it does not`,
  ),
  impl(
    "Magic Use in Combat",
    "Minuscule attacks that do nothing (foiled by a Cloak of Protection) probably do not disrupt",
    "only hits disrupt (procedures/attack.ts markHit); a blow foiled by AC is a miss",
    `${A}Magic Use in Combat: a miss (a sting foiled by a Cloak of Protection) does not disrupt the spell`,
  ),
  impl(
    "Magic Use in Combat",
    "No casting while walking, and no BCB to AC while casting",
    "a cast or read plan has no movement; procedures/combat-numbers.ts armourClass (isCasting)",
    `${MG}a caster gives none of its BCB to AC while casting`,
  ),
  impl(
    "Magic Use in Combat",
    "Scrolls: the same limits, and a round per spell level to read",
    "the plan read:<scroll>:<foe>; procedures/slot.ts (readLeft, counted off at the round's end: procedures/round.ts)",
    `${MG}a hit later in the first round of a two-round scroll, after the reader's count, still loses it`,
  ),
  impl(
    "Melee Attacks",
    "Hand-held weapons with STR to hit and damage; within 10 feet (in combat) unless long spears or pikes",
    "procedures/combat-numbers.ts toHit, policies/estimates.ts damageBonus; reach on the line: 5 ft (the adjacent hex), polearms 10, pikes 15; procedures/field.ts inCombat",
    `${A}equal to or greater than the target's AC hits: a 12 with +1 against AC 13`,
  ),
  impl(
    "Multiple Melee Targets",
    "Among several opponents in reach the target is usually random",
    "action attack:random:<weapon> (a die picks the target); procedures/slot.ts",
    "procedures/slot.test.ts › with more than one opponent in reach, the target of an attack is usually determined randomly",
  ),
  impl(
    "Multiple Melee Targets",
    "Singling one out lets the other opponents in reach attack as from behind (+2)",
    "procedures/slot.ts (concentrating), procedures/combat-numbers.ts fromBehind",
    `${A}Multiple Melee Targets: a combatant who singles one out is attacked by the others as from behind (+2)`,
  ),
  impl(
    "Missile Attacks",
    "DEX to hit; shooting into a melee the target is not chosen; bows two arrows standing, else a half-move and fire",
    'procedures/missiles.ts missileVictim (decision "gm:random-missile", default yes), procedures/plans.ts',
    `${MS}it usually is not possible to choose who receives the missile: one of the melee at random`,
  ),
  impl(
    "Missile Attacks",
    "Thrown weapons add STR to damage at short range only",
    "policies/estimates.ts damageBonus",
    `${A}Missile Attacks: a thrown weapon adds STR to damage only within its first range increment`,
  ),
  gm(
    "Morale",
    "The fearless fight to the death; others retreat or surrender when the GM decides; player characters decide their own",
    'procedures/morale.ts (decision "gm:morale": fight, flee, surrender; default policies/morale-policy.ts); characters run with retreat:run',
    "procedures/morale.test.ts › when half its side is down, the GM decides whether a monster fights on, flees or surrenders (default: flee when losing)",
  ),
  impl(
    "Movement within Melee",
    "Moving through a defender's hex draws a free attack that fends the mover into an adjacent hex, either way; not when moving in to attack",
    "procedures/movement.ts moveToward",
    `${M}moving through a defended hex draws a free attack; a hit fends the mover into an adjacent hex, either way (1d2)`,
  ),
  na(
    "Negotiation and Diplomacy",
    "Combats averted by words; player skill, not dice",
    "before or instead of a fight; an encounter file is a fight that happens (surrender is under Morale)",
  ),
  impl(
    "Retreating",
    "Backing away: a quarter of speed free; up to half at -2 AC with a DEX roll (a stumble: a free attack, a half-move to get up); faster at -4 AC and a free attack",
    "procedures/movement.ts retreat (actions retreat:free, retreat:careful, retreat:run); switches retreatFree, retreatCareful; options.terrainDexModifier",
    `${M}up to half speed: -2 AC and a DEX roll; a stumble gives the opponent a free attack and costs the next round's half-move`,
  ),
  impl(
    "Shield-wall",
    "Locked shields give their neighbours' too: flanks +2, centre +3; shoulder to shoulder; no DEX bonus",
    "procedures/shield-wall.ts, options.shieldWalls; procedures/combat-numbers.ts armourClass",
    `${M}the flanks at +2 and the centre at +3 (their own shield and their neighbours'), with no DEX bonus but a low DEX's penalty`,
  ),
  impl(
    "Shield-wall",
    "Only against frontal attacks: from the flanks or rear no shield and no DEX",
    "procedures/combat-numbers.ts armourClass (an attack from behind is from the rear)",
    `${M}from the flanks or rear they get no shield bonus at all`,
  ),
  impl(
    "Spacing",
    "A human-sized creature controls its own and the adjacent 5-ft hexes",
    "Fray's line: reach 5 ft; procedures/movement.ts (passing a foe's hex)",
    `${M}moving through a defended hex draws a free attack; a hit fends the mover into an adjacent hex, either way (1d2)`,
  ),
  impl(
    "Spears and Polearms",
    "Spears and polearms attack from the second rank, pikes from the third",
    "data/weapons.ts reach 10 and 15",
    `${M}pikes reach from the third rank; once the foe is in the adjacent hex a long spear or pike is useless`,
  ),
  impl(
    "Spears and Polearms",
    "A hit on a foe not yet at arm's reach fends it off for the round; in the adjacent hex a long spear or pike is useless",
    'procedures/movement.ts moveToward (decision "<id>:fend"), procedures/field.ts inReach',
    `${M}a spear strikes a foe coming at it before it has closed to arm's reach, and a hit fends it off for the round`,
  ),
  gm(
    "Spears and Polearms",
    "A massive or determined opponent may not be dissuaded: the DM's case by case",
    'decision "gm:fended-off" (default: fended off unless massive: true)',
    `${M}a massive or determined opponent may not be dissuaded (the GM's default for a massive one)`,
  ),
  impl(
    "Spells",
    "Spell level against the armour quality a fighter-mage needs",
    "data/charts.ts SPELL_ARMOUR_QUALITY, procedures/magic.ts armourAllows",
    `${MG}magic-users cast in no armour but magical bracers; fighter-mages only in magical armour of the quality the spell needs`,
  ),
  impl(
    "Spells",
    "Casting within melee range is allowed, but a hit while casting loses the spell; it takes effect in the caster's phase",
    "procedures/magic.ts castNow",
    `${MG}a spell declared before initiative goes off on the caster's count`,
  ),
  impl(
    "Spells",
    "Magic-users cast in no armour but magical bracers; fighter-mages only in magical armour",
    "procedures/magic.ts armourAllows; armour bracers",
    `${MG}magic-users cast in no armour but magical bracers; fighter-mages only in magical armour of the quality the spell needs`,
  ),
  gm(
    "Spells",
    "What a spell does (the chapter has no spell list)",
    'spells, scrolls and wands in the file: damage, save (none, half, negates), effect (damage, out, gm); "gm:spell-effect" for the rest (default none)',
    `${MG}a spell with no damage or effect of its own does what the GM rules: nothing, out of the fight, or damage`,
  ),
  impl(
    "Subdual Damage",
    "Half real, half subdual when the attacker wants; unconscious at 0 with the subdual, killed if the real damage alone gets there",
    'procedures/damage.ts hurt; field subdual (never, ask: decision "<id>:subdue", always)',
    `${A}half real, half subdual damage; knocked out when the hit points are all subdual`,
  ),
  impl(
    "Subdual Damage",
    "Only humanoids and special creatures such as dragons can be subdued",
    "field subduable (default: characters and NPCs yes, monsters no)",
    `${A}the real damage alone reaching 0 kills: accidentally killed`,
  ),
  impl(
    "Surprise",
    "Each character rolls its own die; the GM rolls for monsters",
    "procedures/surprise.ts (every combatant rolls its own)",
    `${R}surprised on a 1 or 2 of the d6; the number rolled is how many segments, each played as a full round`,
  ),
  impl(
    "Surprise",
    "The surprised are attacked freely; the number rolled is how many segments; multiple attacks in each, but not spell-casting",
    "procedures/field.ts surprisedNow, procedures/magic.ts castable (castInSurprise)",
    `${R}surprised on a 1 or 2 of the d6; the number rolled is how many segments, each played as a full round`,
  ),
  impl(
    "Surprise",
    "The die depends on class, species and level: d6 by default, up the ladder to a d30",
    "field surpriseDie; data/charts.ts SURPRISE_LADDER (the lost steps are defaults)",
    `${R}when everyone is surprised, the segments in which nobody could act are not played`,
  ),
  impl(
    "Surprise",
    "A vision-restricting helm drops the die one or two steps: a closed armet rolls a d3",
    "field helm (closed, armet); data/charts.ts surpriseDieWith",
    `${R}a vision-restricting helm drops the surprise die: a closed armet turns the d6 into a d3, a closed helm into a d4`,
  ),
  gm(
    "Terrain Features",
    "The GM assigns terrain bonuses and penalties, +/- 4 at most",
    'fields cover and terrain, or with options.askTerrain the decision "gm:terrain" per attack (default: vantage less cover)',
    `${A}Terrain Features: the GM's adjustment, at most +/- 4 (asked with options.askTerrain)`,
  ),
  impl(
    "Two-Weapon Fighting",
    "Two attacks at -3 each, or one at -1 and +1 AC; the off hand a dagger, short sword or hand-axe unless a ranger",
    "plans two-weapons and off-hand-defence; field offHand; procedures/combat-numbers.ts",
    `${A}Two-Weapon Fighting: two attacks at -3 each, or one at -1 with the off hand on defence (+1 AC)`,
  ),
  impl(
    "Unarmed Combat",
    "1d2 plus the STR damage bonus; more than half the remaining hit points, or a natural 20, stuns; the stunned are knocked out by the next successful attack",
    "data/weapons.ts unarmed, procedures/attack.ts onHit; switch stunnedKnockout",
    `${G}a blow of the fist inflicts 3 hit points of damage and the defender has 4: more than half, so he is stunned`,
  ),
  impl(
    "Unarmed Combat",
    "Example: 3 against 4 hit points stuns, 2 (exactly half) does not; hit again, knocked out",
    "examples/swords-wizardry-fitz/fisticuffs.yaml",
    `${G}had the blow only inflicted 2 points of damage (exactly half), the defender would not be stunned`,
  ),
  gm(
    "Unarmed Combat",
    "Common sense: a fist on plate hurts the puncher",
    'decision "gm:unarmed-armour" (normal, none, hurts; default hurts against plate)',
    `${A}Unarmed Combat: common sense about fists on armour (the GM: against plate the fist hurts only the puncher)`,
  ),
  gm(
    "Unarmed Combat",
    "Wrestling to the ground or pushing back: the GM's common sense",
    'actions wrestle:<foe>, shove:<foe>; decision "gm:grapple" (fails, pinned, pushed)',
    "procedures/slot.test.ts › the GM's common sense decides (by default: a much smaller foe is pinned, a massive one is not)",
  ),
  impl(
    "Wands and similar magic items in combat",
    "A command word: interrupted only by a simultaneous attack, and then no charge is used",
    "procedures/magic.ts useWand; procedures/round.ts (wands, like spells, resolve at the end of their count)",
    `${MG}a command word: interrupted only by a successful attack on the same count, and then no charge is used`,
  ),
];

/** What Fray plays that the chapter does not have (docs: "Fray's defaults"). */
export const FRAY_DEFAULTS: readonly FrayDefault[] = [];
