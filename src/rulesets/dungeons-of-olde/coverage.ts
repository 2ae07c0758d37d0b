// One row per rule paragraph of the chapter (and of the core-rules pages it links to, as
// RULES-NOTES.md 004 gives them): what Fray does with it, where, and which test checks it.
// docs/rulesets/dungeons-of-olde.md carries the same table (a test keeps the two in step).
import {
  frayDefault,
  gmDecision as gm,
  implemented as impl,
  notApplicable as na,
} from "../../engine/coverage.js";
import type { CoverageRow, FrayDefault } from "../../engine/ruleset.js";

const OPPOSED = "Attacking as an Opposed Attempt";
const CRIT = "Critical Outcomes in Combat";
const LOS = "Line of Sight";
const MELEE = "Melee Weapons";
const UNARMED = "Unarmed Combat";
const RANGED = "Ranged Combat";
const CROSSBOWS = "Crossbows";
const SHIELDS = "Shields";
const ARMOR = "Armor";
const DICE = "Dice (core rules)";
const CHALLENGES = "Challenges (core rules)";
const TURNS = "Turns and Phases (core rules)";
const ACTIONS = "Movement and Actions (core rules)";
const INJURY = "Injury (core rules)";
const FIRST_AID = "First Aid (core rules)";

const T = {
  opposed:
    "procedures/attack.test.ts › the defender rolls two exploding Finesse dice and adds its Defense adjustment: the CR; the attacker rolls two exploding dice of its weapon's stat",
  hits: "procedures/attack.test.ts › if the total equals or exceeds the CR the attack hits and damage is rolled: the weapon's die less the defender's armour",
  tiers:
    "dice/dice.test.ts › by the table: +6 legendary, +3 critical, 0 hit, -1 to -3 miss, -4 to -6 critical miss, -7 disastrous",
  reach:
    "procedures/attack.test.ts › Reach: a broadsword (reach 1) cannot strike in the same space, a dagger (0-1) can, a pike reaches 3 spaces",
  los: "procedures/attack.test.ts › partial line of sight is a -3 Adjustment, minimal -6, clear none",
  skill: "procedures/attack.test.ts › Skill: without the weapon's skill the attacker takes -2",
  range:
    "procedures/attack.test.ts › within the Base Range no penalty; every doubling of it -3; beyond the Range Limit no attack",
  range01:
    "procedures/attack.test.ts › no ranged attack at Range 0; at Range 1 -3 unless the defender is motionless",
  noBonus: "procedures/attack.test.ts › there is no damage bonus for Brawn above the minimum",
  hand: "golden.test.ts › a hero who meets both Brawn Minimums resets by hand for 1 AP and shoots every round: 2 AP to aim and shoot, 1 to reset, with 3 AP to spend",
  crank:
    "golden.test.ts › a hero meeting only the first Brawn Minimum must crank: Reset crossbow costs 3 AP and she shoots only every other round",
  armourShort:
    "procedures/attack.test.ts › each point of Brawn below the armour's minimum is a Modification of -1 die rank to Finesse dice and an Adjustment of -1 on Brawn checks",
  punch:
    "golden.test.ts › rolls his Brawn die (a d9: a d10 whose 10 counts as 5), gets a 7 and punching bare-fisted does 4 damage (7/2 = 3.5, rounded up)",
  order:
    "procedures/turn.test.ts › Action phase: in each round characters act in descending order of current action points; a pass keeps the AP, and the phase ends after a round in which everyone is out of AP or passed",
  stepBlock:
    "procedures/combination.test.ts › a step and then a Shield Block: Ana steps back out of the warhammer's reach with a free step and raises her buckler (2 AP)",
};

export const COVERAGE: readonly CoverageRow[] = [
  na(
    "Combat",
    "The chapter lays down melee combat first, then unarmed combat and ranged attacks",
    "introduction; no rule",
  ),
  impl(
    OPPOSED,
    "A basic melee attack is an opposed attempt to strike the target, resolved in four steps",
    "procedures/attack.ts resolveAttack",
    T.opposed,
  ),
  impl(
    OPPOSED,
    "1. The attacker declares the attack, the defender within its reach (melee) or range (ranged) and in clear or partial line of sight",
    "procedures/actions.ts attackPlan, procedures/movement.ts attackSpot (the attack's approach: free steps, then steps); a minimal line of sight: switch minimalLineOfSight",
    "procedures/attack.test.ts › 1. the attacker declares an attack only on a defender within its reach (melee) or its range (ranged), and in clear or partial line of sight",
  ),
  impl(
    OPPOSED,
    "2. The defender's Defense Check: two exploding Finesse dice plus its current Defense adjustment; the result is the CR",
    "procedures/attack.ts attackSpec, dice/specs.ts opposedRoll (the defender's dice are the roll's first terms)",
    T.opposed,
  ),
  impl(
    OPPOSED,
    "3. The attacker's Attack Check: two exploding dice of the weapon's stat plus its adjustments; equal to the CR or above hits",
    "procedures/attack.ts attackSpec, dice/specs.ts opposedRoll and tierOf (a margin of 0 or more hits)",
    "procedures/attack.test.ts › 3. the attacker's Attack Check: two exploding dice of the weapon's stat plus its adjustments; equal to the CR or above hits",
  ),
  impl(
    OPPOSED,
    "4. A hit rolls the weapon's damage die (unarmed: the Brawn die halved), adds Damage adjustments, subtracts Armor adjustments, and comes off the defender's Hit Points",
    "procedures/damage.ts dealDamage, procedures/injury.ts applyDamage",
    T.hits,
  ),
  impl(
    OPPOSED,
    "Defense, Attack, Damage and Armor adjustments come from skills, maneuvers, spells, magic items",
    "combatant field adjustments { attack, defence, damage, armour, ap }; switch baselineDefence",
    "procedures/attack.test.ts › Damage and Armor adjustments (skills, spells, magic items) add to raw damage and to the DR",
  ),
  impl(
    CRIT,
    "Exceptionally high or low Attack Checks have critical outcomes; Defense Checks only set the CR and have none",
    "dice/specs.ts opposedRoll: the answer is the tier of the attack's margin",
    "procedures/critical.test.ts › Defense Checks have no critical outcomes: the defender's dice only set the CR",
  ),
  impl(
    CRIT,
    "An Attack Check beating the Defense Check by 3 or more is a critical hit; missing it by 3 or more a critical miss",
    "switch criticalMiss: the table's -4 (default) or the text's -3 for a critical miss; +3 for a critical hit either way",
    "procedures/critical.test.ts › the text's reading (a miss by 3 or more is critical) is switch criticalMiss: text; the table's -4 is the default",
  ),
  impl(
    CRIT,
    "The Critical Combat Outcomes table: legendary hit +6, critical hit +3 to +5, hit 0 to +2, miss -1 to -3, critical miss -4 to -6, disastrous miss -7; character points; possible outcomes",
    "data/rules.ts OUTCOME_ROWS, dice/specs.ts tierOf",
    T.tiers,
  ),
  impl(
    CRIT,
    "On critical and legendary hits the attacker chooses one of the possible outcomes",
    "procedures/critical.ts resolveCritical (decisions <attacker>:critical and <attacker>:legendary; policy policies/critical-policy.ts)",
    "procedures/critical.test.ts › on a critical hit the attacker chooses: maximum damage with a Brawn weapon, bypass armour with a Finesse weapon, blindness, a trip, a disarm",
  ),
  gm(
    CRIT,
    "On critical and disastrous failures the gamemaster chooses one of the possible outcomes",
    "gm:critical-miss (default: the attacker drops its weapon; bare hands: it trips); gm:disastrous-miss (default: the defender strikes back when its weapon reaches, else the attacker's weapon breaks)",
    "procedures/critical.test.ts › on a disastrous miss the gamemaster chooses: the attacker's weapon breaks, or the defender deals its weapon damage to the attacker",
  ),
  impl(
    CRIT,
    "The possible outcomes of a critical hit: maximum damage (a Brawn weapon) or bypass armour (a Finesse weapon), temporary blindness, a trip, a disarm",
    "procedures/critical.ts criticalOptions, applyHitOption; blindness, prone and lameness do what data/rules.ts (table defaults) says",
    "procedures/critical.test.ts › on a critical hit the attacker chooses: maximum damage with a Brawn weapon, bypass armour with a Finesse weapon, blindness, a trip, a disarm",
  ),
  impl(
    CRIT,
    "The possible outcomes of a legendary hit: maximum damage through the armour, lasting blindness, lasting lameness, a broken weapon (and the instant kill)",
    "procedures/critical.ts criticalOptions, applyHitOption; blindness, prone and lameness do what data/rules.ts (table defaults) says",
    "procedures/critical.test.ts › a legendary hit offers maximum damage through the armour, lasting blindness or lameness, a broken weapon, and the instant kill if the gamemaster allows it",
  ),
  impl(
    CRIT,
    "The possible outcomes of a critical miss: the attacker's dropped weapon or fall",
    "procedures/critical.ts criticalOptions, applyHitOption; blindness, prone and lameness do what data/rules.ts (table defaults) says",
    "procedures/critical.test.ts › on a critical miss the gamemaster chooses: the attacker drops its weapon or trips",
  ),
  impl(
    CRIT,
    "The possible outcomes of a disastrous miss: the attacker's broken weapon, or the defender's weapon damage to the attacker",
    "procedures/critical.ts criticalOptions, applyHitOption; blindness, prone and lameness do what data/rules.ts (table defaults) says",
    "procedures/critical.test.ts › on a disastrous miss the gamemaster chooses: the attacker's weapon breaks, or the defender deals its weapon damage to the attacker",
  ),
  impl(
    CRIT,
    "What the outcomes do: a trip leaves the defender prone, a disarm drops its weapon in its space, temporary blindness lasts to the reset phase",
    "procedures/critical.ts applyHitOption; blindness and prone do what data/rules.ts (table defaults) says",
    "procedures/critical.test.ts › a trip leaves the defender prone; a disarm drops its weapon in its space; temporary blindness until the reset phase",
  ),
  impl(
    CRIT,
    "Character points go to player characters who make a critical hit or miss, or suffer one",
    "procedures/attack.ts awardPoints; encounter option party (the player characters' side)",
    "procedures/critical.test.ts › character points go to player characters who make a critical hit or miss, or suffer one: 2 for legendary and disastrous, 1 for critical",
  ),
  gm(
    CRIT,
    "The instant kill only on an enemy whose death will not derail the story; the gamemaster may disallow it at any time, or entirely",
    "gm:allow-slay, asked before the attacker chooses; default yes for a player character's foe not flagged nemesis, no otherwise",
    "procedures/critical.test.ts › the instant kill: the gamemaster is asked first, and by default allows it only on a player character's foe who is not the nemesis",
  ),
  impl(
    LOS,
    "An attacker must see its target, or the space where it thinks the target is",
    "procedures/derived.ts lineOfSight: the line from the attacker's space to the target's; places of cover on it (encounter option cover) block part of it, and nothing else blocks sight",
    "procedures/attack.test.ts › Line of Sight is drawn from the attacker's space to the target's: cover belongs to a place on that line, not to the defender",
  ),
  impl(
    LOS,
    "Clear line of sight (centre to centre): no penalty",
    "procedures/derived.ts lineOfSight: no place of cover between them, nor in the target's space (encounter option cover: [] by default)",
    T.los,
  ),
  impl(
    LOS,
    "Partial line of sight (centre to any point, about 50% cover): -3 to the Attack Check",
    "encounter option cover: [{ space, lineOfSight: partial }]: a place between them or the target's own (procedures/derived.ts lineOfSight; the worst on the line counts)",
    T.los,
  ),
  impl(
    LOS,
    "Minimal line of sight (any point to any point, about 80% cover): -6 to the Attack Check",
    "encounter option cover: [{ space, lineOfSight: minimal }]; switch minimalLineOfSight (default penalty: -6; no-attack: step 1's clear or partial only)",
    T.los,
  ),
  impl(
    MELEE,
    "The melee weapons table: skill group, check stat, reach, one- and two-hand Brawn Minimums, damage",
    "data/weapons.ts MELEE (table melee-weapons)",
    "data/data.test.ts › reach, Brawn Minimums and damage of each group, as the chapter lists them",
  ),
  impl(
    MELEE,
    "Check Stat: the stat dice rolled in Attack Checks",
    "procedures/derived.ts attackStat",
    "procedures/attack.test.ts › a Finesse weapon rolls Finesse dice: a rapier in the hand of Finesse 11",
  ),
  impl(
    MELEE,
    "Skill: -2 to the Attack Check without the weapon's skill",
    "procedures/derived.ts attackAdjustment; combatant field skills",
    T.skill,
  ),
  impl(
    MELEE,
    "Reach 0: the same space; 1: adjacent spaces; 2 or 3: the second or third space away",
    "procedures/derived.ts inMeleeReach; the line of spaces (state.ts)",
    T.reach,
  ),
  impl(
    MELEE,
    "1h and 2h Brawn Minimums: -1 to Attack Checks and damage for every point short; two hands hold nothing else",
    "procedures/derived.ts brawnShort, handsTaken; weapon field grip",
    "procedures/attack.test.ts › Brawn Minimums: -1 to Attack Checks and damage for every point the one-hand minimum exceeds Brawn",
  ),
  impl(
    MELEE,
    "Damage: the base damage for a wielder meeting the Brawn Minimum; no bonus for more Brawn",
    "procedures/damage.ts rawDamage",
    T.noBonus,
  ),
  impl(
    UNARMED,
    "Unarmed attacks and small improvised weapons at Reach 0 or 1; longer improvised weapons are Mace weapons of similar size",
    "data/weapons.ts unarmed, improvised (a longer one is a club or a baton)",
    "procedures/attack.test.ts › Unarmed Combat: bare hands and a small improvised weapon strike at Reach 0 and 1, not 2; a longer improvised weapon is a Mace weapon (a club, a baton)",
  ),
  impl(
    UNARMED,
    "Unarmed damage is the Brawn die halved, rounded up; a small improvised weapon adds 1 per full 5 Brawn (Brawn 9: a 7 is 4 damage, 5 with a beer stein)",
    "procedures/damage.ts unarmedDamage; examples/dungeons-of-olde/tavern-brawl.yaml",
    T.punch,
  ),
  impl(
    RANGED,
    "Ranged combat is an opposed attempt with range adjustments to the Attack Check",
    "procedures/attack.ts attackSpec",
    T.range,
  ),
  impl(
    RANGED,
    "The ranged weapons table: base range, range limit, hands, Brawn Minimums, damage",
    "data/weapons.ts RANGED (table ranged-weapons; the skills are defaults: table ranged-skills)",
    "data/data.test.ts › base range, range limit, hands, Brawn Minimum and damage",
  ),
  impl(
    RANGED,
    "Check Stat: all ranged weapons use Finesse dice",
    "procedures/derived.ts attackStat",
    "procedures/attack.test.ts › all ranged weapons use Finesse dice",
  ),
  impl(
    RANGED,
    "Skill: -2 to the Attack Check without the weapon's skill",
    "procedures/derived.ts attackAdjustment",
    T.skill,
  ),
  impl(
    RANGED,
    "Base Range: no penalty within it; -3 for every doubling of it",
    "procedures/derived.ts rangeAdjustment",
    T.range,
  ),
  impl(
    RANGED,
    "No ranged attack on a defender in the attacker's own space (Range 0)",
    "procedures/derived.ts rangeAdjustment",
    T.range01,
  ),
  impl(
    RANGED,
    "Range 1: -3 unless the defender is motionless",
    "procedures/derived.ts motionless (stunned or incapacitated: Fray's default)",
    T.range01,
  ),
  impl(
    RANGED,
    "Range Limit: the most multiples of the Base Range at which the weapon may attack",
    "procedures/derived.ts rangeAdjustment",
    T.range,
  ),
  impl(
    RANGED,
    "Hands: one or two, to ready, aim and attack with the weapon",
    "procedures/derived.ts handsTaken, shieldInUse",
    "procedures/attack.test.ts › Hands: a two-handed bow leaves no hand for the shield",
  ),
  impl(
    RANGED,
    "Brawn Minimums: -1 to Attack Checks and damage for every point short (crossbows: see Crossbows)",
    "procedures/derived.ts brawnShort",
    "procedures/attack.test.ts › Brawn Minimums: a longbow (Brawn 10) drawn with Brawn 7 takes -3 to hit and to damage",
  ),
  impl(
    RANGED,
    "Damage: the base damage; no bonus for more Brawn",
    "procedures/damage.ts rawDamage",
    T.noBonus,
  ),
  impl(
    CROSSBOWS,
    "Crossbows and arbalests have two Brawn Minimums: the first to aim and shoot accurately, the second to reset the bow by hand",
    "data/weapons.ts brawnReset; procedures/actions.ts resetCost",
    T.hand,
  ),
  impl(
    CROSSBOWS,
    "Meeting the second, Reset crossbow is a special action of 1 AP; meeting only the first, a crank: 3 AP",
    "procedures/perform.ts perform (reset:<weapon>, also after a step: move:<foe>+reset:<weapon>)",
    T.crank,
  ),
  impl(
    CROSSBOWS,
    "So a hero meeting both shoots every round (1 AP to reset, 2 to aim and shoot, with 3 AP); meeting only the first, every other round",
    "examples/dungeons-of-olde/crossbow-by-hand.yaml, examples/dungeons-of-olde/crossbow-with-a-crank.yaml",
    T.crank,
  ),
  impl(
    SHIELDS,
    "Shields add a positive Adjustment to Defense; a shield takes the off hand and does not go with a two-handed weapon",
    "procedures/derived.ts shieldInUse, defenceAdjustment",
    "procedures/attack.test.ts › a shield is no use beside a two-handed weapon",
  ),
  na(
    SHIELDS,
    "Type: the listed shield types are representative; others are possible",
    "Fray ships the listed types; another is entered as the listed one it resembles",
  ),
  impl(
    SHIELDS,
    "Defense Bonus: added to the Defense Check",
    "procedures/derived.ts defenceAdjustment",
    "procedures/attack.test.ts › a shield's Defense bonus is added to the Defense Check",
  ),
  impl(
    SHIELDS,
    "Brawn Minimum: -1 on all Brawn and Finesse checks for every point short, Attack and Defense Checks included",
    "procedures/derived.ts checkAdjustment",
    "procedures/attack.test.ts › each point of Brawn below the shield's minimum is -1 on all Brawn and Finesse checks, Attack and Defense Checks included",
  ),
  impl(
    SHIELDS,
    "Spellcasting Adjustment: to the Savvy Check of a spell that needs gestures",
    "procedures/perform.ts cast (every spell is taken to need gestures: Fray's default)",
    "procedures/turn.test.ts › cast: 2 AP and a Savvy check with the shield's spellcasting adjustment against the CR the GM sets; the GM rules the effect",
  ),
  impl(
    ARMOR,
    "Armour reduces the damage sustained; non-magical armour does not change the chance to be hit",
    "procedures/derived.ts damageReduction",
    "procedures/attack.test.ts › armour does not change the chance to hit, only the damage",
  ),
  impl(
    ARMOR,
    "The armour table: category, Damage Reduction, Brawn Minimum",
    "data/armour.ts ARMOUR (table armour)",
    "data/data.test.ts › every armour's category matches its Damage Reduction and Brawn Minimum (light 1-2 and 5-7, medium 3-4 and 8-10, heavy 5-6 and 11+)",
  ),
  na(
    ARMOR,
    "Type: the listed armour types are representative; others are possible",
    "Fray ships the listed types; another is entered as the listed one it resembles",
  ),
  impl(
    ARMOR,
    "Categories: light DR 1 or 2, Brawn 5 to 7; medium DR 3 or 4, Brawn 8 to 10; heavy DR 5 or 6, Brawn 11 or more",
    "data/armour.ts",
    "data/data.test.ts › every armour's category matches its Damage Reduction and Brawn Minimum (light 1-2 and 5-7, medium 3-4 and 8-10, heavy 5-6 and 11+)",
  ),
  impl(
    ARMOR,
    "Damage Reduction: taken off incoming damage before it comes off Hit Points",
    "procedures/damage.ts dealDamage",
    T.hits,
  ),
  impl(
    ARMOR,
    "Brawn Minimum: for every point short, a Modification of -1 die rank to Finesse dice and an Adjustment of -1 on all Brawn checks, Attack Checks included",
    "procedures/derived.ts finesseRank, checkAdjustment (the AP die too: a Finesse die)",
    T.armourShort,
  ),
  na(
    "Conditions",
    "A draft section on conditions and their durations",
    "commented out of the chapter: not part of its rules",
  ),
  impl(
    DICE,
    "A stat's die rank equals the stat; an odd rank rolls the next larger die and counts its top face as the median, and explodes on its own named value",
    "dice/stat-die.ts (the dice core has no notation for it: the ruleset builds the distribution and reads the physical dice)",
    "dice/dice.test.ts › an odd rank rolls the next larger die and counts its top face as the median: a d9 is a d10 whose 10 counts as 5",
  ),
  impl(
    DICE,
    "Exploding dice reroll and add on the maximum, again and again",
    "dice/stat-die.ts singleDie",
    "dice/dice.test.ts › an even die explodes on its maximum, repeatedly",
  ),
  impl(
    DICE,
    "Advantage and disadvantage: roll two full sets and keep the better or the worse total",
    "dice/stat-die.ts checkTotal (blindness and being prone give disadvantage: Fray's defaults)",
    "dice/dice.test.ts › advantage keeps the better of two full sets, disadvantage the worse",
  ),
  impl(
    DICE,
    "A Modification changes the die rank before the roll; an Adjustment adds after it",
    "procedures/derived.ts finesseRank, attackAdjustment",
    T.armourShort,
  ),
  impl(
    CHALLENGES,
    "A check rolls two exploding stat dice against a CR: Trivial 3, Easy 6, Moderate 9, Hard 12, Heroic 15, Superhuman 18, Godly 21",
    "dice/specs.ts checkRoll; data/rules.ts CR_LADDER",
    "data/data.test.ts › the CR ladder: three points a rank from Trivial 3 to Godly 21",
  ),
  impl(
    CHALLENGES,
    "In an opposed check the target rolls first and its total is the CR",
    "dice/specs.ts opposedRoll",
    "dice/dice.test.ts › the opposed roll reads the defender's dice first, then the attacker's, an odd die's 10 as 5",
  ),
  impl(
    TURNS,
    "A turn is a reset phase and an action phase; combat begins with a reset phase",
    "procedures/turn.ts playTurn (one engine round is one turn)",
    "procedures/turn.test.ts › combat begins with a reset phase: the action points are rolled before anyone acts, and again when the action phase ends",
  ),
  impl(
    TURNS,
    "Reset phase: per-turn effects, temporary conditions removed, action points set (one Finesse die plus adjustments; 1 for a surprised character), free steps recovered",
    "procedures/turn.ts resetPhase; switch apDieExplodes; encounter option surprised",
    "procedures/turn.test.ts › Reset phase: per-turn effects (the dying bleed), temporary conditions removed, action points set (one Finesse die plus adjustments; 1 for a surprised character), free steps recovered",
  ),
  impl(
    TURNS,
    "Action phase: rounds, characters acting in descending order of current action points; free steps, one movement, one action; a pass keeps the AP; it ends after a round in which everyone is out of AP or passed",
    "procedures/turn.ts actionPhase, takeRound (decision <id>:action-<round>); procedures/perform.ts performRound",
    T.order,
  ),
  impl(
    TURNS,
    "In a round a character with AP may use its free steps (if not yet used this turn), then take one movement from the movement table, then one action from the action table, in that order (Combat Reference)",
    'procedures/combination.ts planPair, procedures/choices.ts listActions: an answer is one movement or action, or "<movement>+<action>"; an attack, first aid and picking up a weapon take their own steps',
    T.stepBlock,
  ),
  impl(
    TURNS,
    "One movement a round, before the action: no step and a drop together, nothing after the action",
    "procedures/combination.ts planPair (a drop, a rise or a flop that is a movement leads only an action; an attack's steps come before it)",
    "procedures/combination.test.ts › one movement a round: no step and then a drop, and nothing after an attack",
  ),
  impl(
    TURNS,
    "At most 3 action points a round",
    "switch roundApLimit (3)",
    "procedures/turn.test.ts › a character may spend at most 3 AP a round (switch roundApLimit): a step and an attack, not two steps and an attack",
  ),
  impl(
    ACTIONS,
    "Attack 2 AP; Shield Block 2 AP (+2 Defense against melee; a shield and the Shield skill); cast 2; use an item or first aid 3 and nothing else; flop 0",
    "data/rules.ts AP; procedures/perform.ts perform",
    "procedures/combination.test.ts › Movement and Actions: Attack 2 AP; Shield Block 2 AP; cast 2; use an item or first aid 3 and nothing else; flop 0",
  ),
  impl(
    ACTIONS,
    "Step 1 AP a space, up to 3 a round; drop 1; rise 2 and nothing else; a free step of 1 or 2 spaces a turn",
    "procedures/movement.ts",
    "procedures/turn.test.ts › Movement and Actions: Step 1 AP a space, up to 3 a round; drop 1; rise 2 and nothing else; a free step of 1 or 2 spaces a turn",
  ),
  impl(
    ACTIONS,
    "A step, then any action the action points allow: Shield Block, Reset crossbow, readying a weapon, casting, using an item; the step and the action within the round's 3 AP",
    "procedures/combination.ts planPair, budgetBefore (the steps get what the action leaves of the round's AP); answers move:<foe>, away:<foe> or withdraw, then the action",
    "procedures/combination.test.ts › the step and the action spend at most 3 AP in the round together (switch roundApLimit): with 6 AP, a Shield Block leaves 1 AP of steps after the free steps",
  ),
  impl(
    ACTIONS,
    "Drop: may be followed by an action",
    "procedures/combination.ts planPair (drop+<action>, an attack included: free steps first, on the way to it; a prone attacker rolls with disadvantage, Fray's default)",
    "procedures/combination.test.ts › Drop (1 AP) may be followed by an action: Ana steps up with her free steps, drops prone and attacks, with disadvantage as a prone attacker (2 AP)",
  ),
  impl(
    ACTIONS,
    'Rise "2/Only", and in the same row "May be followed by an Action"',
    "switch riseThenAction (default false: nothing else that round, as RULES-NOTES.md 004 reads it); procedures/combination.ts planPair",
    "procedures/combination.test.ts › Rise costs 2/Only: nothing follows it in the same round; with switch riseThenAction (the Rise row's note, May be followed by an Action) an action may",
  ),
  impl(
    ACTIONS,
    'Use an item or device, administer first aid, recover: "3/Only"',
    "switch freeStepsBeforeOnly (default true: free steps may come first, no step paid in AP and no other movement); procedures/combination.ts budgetBefore; procedures/actions.ts patients",
    "procedures/combination.test.ts › use an item, first aid and recover cost 3 AP and nothing else: free steps may come first (switch freeStepsBeforeOnly), never a step paid in AP or a drop",
  ),
  impl(
    ACTIONS,
    "Flop: may be used after any movement",
    'switch flop (default "action", the Core Actions Table: move:<foe>+flop; "movement", as RULES-NOTES.md 004 lists it: flop+<action>)',
    "procedures/combination.test.ts › Flop may be used after any movement (switch flop: action); as a movement (switch flop: movement) it may be followed by an action",
  ),
  na(
    ACTIONS,
    "Climb 2 AP; leap 1 AP",
    "Fray's field is a flat line of spaces: nothing to climb or leap",
  ),
  gm(
    ACTIONS,
    "Recover (3 AP and nothing else): regain 2 Mana or Faith Points",
    "procedures/perform.ts perform (recover, offered to casters: 3 AP; Fray tracks no Mana or Faith Points, the GM counts them)",
    "procedures/combination.test.ts › Recover (3 AP and nothing else) is a caster's: Fray counts no Mana or Faith Points",
  ),
  gm(
    ACTIONS,
    "Use an item or device; cast a spell (their effects are not in the chapter)",
    "gm:effect (default: none), gm:cast-cr (default Moderate, 9)",
    "procedures/turn.test.ts › use an item: 3 AP and nothing else that round; the GM rules its effect (none by default)",
  ),
  impl(
    INJURY,
    "HP = Brawn + Nerve / 2",
    "setup.ts combatant (rounded down: Fray's default; combatant field hitPoints overrides)",
    "procedures/injury.test.ts › HP = Brawn + Nerve / 2, rounded down; an encounter file may give hitPoints instead",
  ),
  impl(
    INJURY,
    "At 0 HP or less incapacitated, losing 1 HP a turn; dead at minus the maximum",
    "procedures/injury.ts applyDamage, bleed",
    "procedures/injury.test.ts › at 0 HP or less a character is incapacitated and dying, losing 1 HP at every reset; at minus its maximum it is dead",
  ),
  impl(
    INJURY,
    "Damage over half the maximum HP is a stunning blow unless a Brawn or Nerve check beats CR = the damage",
    "procedures/injury.ts stunningBlow",
    "procedures/injury.test.ts › damage over half the maximum HP stuns unless a Brawn or Nerve check reaches a CR equal to the damage",
  ),
  impl(
    INJURY,
    "Attacks on a stunned character need only CR 6",
    "procedures/attack.ts attackSpec",
    "procedures/injury.test.ts › attacks on a stunned character need only CR 6; a stunned character acts no more until the reset phase removes the stun",
  ),
  impl(
    FIRST_AID,
    "First aid (3 AP, nothing else): a Healing check to stabilize a dying ally or to bind its wounds",
    "procedures/perform.ts firstAid",
    "procedures/injury.test.ts › binding the wounds of an incapacitated ally (3 AP, a Healing check against CR 9) restores 2 HP; back at 1 HP or more it is conscious again",
  ),
  impl(
    FIRST_AID,
    "First aid reaches an ally in the character's space or the next; the character's free steps may take it there first (switch freeStepsBeforeOnly)",
    "procedures/actions.ts patients, firstAidSpot; procedures/perform.ts firstAid",
    "procedures/combination.test.ts › First Aid: a dying ally two spaces off: Ana's free step takes her next to him, then she binds his wounds (3 AP)",
  ),
];

/** What Fray plays that the chapter does not have (docs: "Fray's defaults"). */
export const FRAY_DEFAULTS: readonly FrayDefault[] = [
  frayDefault(
    "Free steps: 2 spaces a turn (small characters 1), taken once a turn",
    "book",
    "Dungeons of Olde Combat Reference (dungeonsofolde.com/resources/sheets/combat): the Core Movement table; the chapter does not price free steps",
    "data/rules.ts DEFAULTS, procedures/turn.ts resetPhase",
    "procedures/turn.test.ts › free steps are taken once a turn: a spear that uses 1 of its 2 free steps has none left in a later round",
  ),
  frayDefault(
    "Order within a round: most AP first; ties to the higher Finesse, then the file's order",
    "book",
    "Dungeons of Olde Combat Reference: descending order of current action points; the tie-break is a guess",
    "procedures/turn.ts roundOrder",
    "procedures/turn.test.ts › ties go to the higher Finesse",
  ),
  frayDefault(
    "Ready a weapon (draw one carried, or pick one up): 1 AP",
    "guess",
    "neither the chapter nor the core action tables price drawing or picking up a weapon; the cheapest action, so that a disarmed fighter can fight on",
    "procedures/actions.ts readyable, data/rules.ts COST_ROWS",
    "procedures/turn.test.ts › Ready: a disarmed fighter picks its weapon up from its own space for 1 AP",
  ),
  frayDefault(
    "Three spaces between the sides at the start; eight from every foe is out of the fight",
    "guess",
    "the chapter has no set-up distance (close enough to meet in the first turn) and no rule for leaving a fight",
    "data/rules.ts DEFAULTS, procedures/turn.ts endOfTurn",
    "procedures/turn.test.ts › withdraw: a combatant that ends the turn 8 spaces or more from every foe has left the fight",
  ),
  frayDefault(
    "What blindness, a trip and lameness do",
    "guess",
    "the critical options name them without their effects: blind, checks with disadvantage; prone, attacks with disadvantage, melee defence with disadvantage, no steps until it rises (2 AP); lame, no free steps and one step a round",
    "procedures/critical.ts applyHitOption, procedures/derived.ts attackMode/defenceMode",
    "procedures/attack.test.ts › a blind attacker rolls with disadvantage; a prone defender defends against melee with disadvantage",
  ),
  frayDefault(
    "A critical or legendary hit's outcome comes on top of the hit's damage",
    "reading",
    "Critical Outcomes in Combat calls them hits, and step 4 of an attack resolves a hit's damage; the damage options only change that damage, the others add to it",
    "procedures/critical.ts applyHitOption",
    "procedures/critical.test.ts › a trip leaves the defender prone; a disarm drops its weapon in its space; temporary blindness until the reset phase",
  ),
  frayDefault(
    "A disastrous miss's weapon damage: the defender's weapon in hand, rolled, less the attacker's DR",
    "reading",
    "the Critical Combat Outcomes table names the defender's weapon damage; it is dealt like a hit's",
    "procedures/critical.ts resolveCritical",
    "procedures/critical.test.ts › on a disastrous miss the gamemaster chooses: the attacker's weapon breaks, or the defender deals its weapon damage to the attacker",
  ),
  frayDefault(
    "Stunned: no actions and Defense CR 6 until the next reset phase",
    "reading",
    "the core rules give the CR 6 and say the reset phase removes temporary conditions; that a stunned character does not act is Fray's reading of being stunned",
    "procedures/injury.ts stunningBlow",
    "procedures/injury.test.ts › attacks on a stunned character need only CR 6; a stunned character acts no more until the reset phase removes the stun",
  ),
  frayDefault(
    "A motionless defender (Range 1 without the -3): stunned or incapacitated",
    "reading",
    "Ranged Combat does not define motionless",
    "procedures/derived.ts motionless",
    "procedures/attack.test.ts › no ranged attack at Range 0; at Range 1 -3 unless the defender is motionless",
  ),
  frayDefault(
    "Crossbows start the fight loaded; below the first Brawn Minimum, the crank and -1 a point short",
    "reading",
    "Crossbows prices resetting, not the state a fight finds the bow in; one below the first minimum can still turn the crank and takes the Brawn Minimum penalty",
    "procedures/actions.ts resetCost",
    "procedures/turn.test.ts › a crossbow starts the fight loaded; below even its first Brawn Minimum it shoots at -1 a point short and resets with the crank, 3 AP",
  ),
  frayDefault(
    "Casting: CR 9 unless the GM sets it, every spell with gestures (the shield's adjustment applies)",
    "guess",
    "spells are not in the chapter; the GM sets the CR (gm:cast-cr, Moderate by default) and rules the effect",
    "data/rules.ts DEFAULTS",
    "procedures/turn.test.ts › cast: 2 AP and a Savvy check with the shield's spellcasting adjustment against the CR the GM sets; the GM rules the effect",
  ),
  frayDefault(
    "First aid: CR 9, 2 HP restored by binding wounds, -2 to the Healing check without the skill",
    "book",
    "Dungeons of Olde Injury and Healing Reference (dungeonsofolde.com/resources/sheets/injury): First Aid Tasks; the check's stat (Savvy) is a guess",
    "procedures/actions.ts firstAidCheck",
    "procedures/injury.test.ts › stabilizing stops the bleeding; without the Healing skill the check takes -2",
  ),
];
