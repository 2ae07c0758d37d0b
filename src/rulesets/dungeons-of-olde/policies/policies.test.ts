// The default policies: what a sensible fighter does with its action points and its critical hits.
import { ownSteady } from "../own-steady.js";
import { describe, expect, it } from "vitest";
import { autoStep } from "../../../engine/autoplay.js";
import { adviseDecision, rank } from "../../../engine/advice.js";
import { Encounter } from "../../../engine/encounter.js";
import type { Json } from "../../../engine/json.js";
import { Playbook } from "../../../engine/tactics.js";
import { z } from "zod";
import { wielded } from "../procedures/derived.js";
import { exposedTo } from "../procedures/movement.js";
import type { CombatantState, DooState } from "../state.js";
import { dungeonsOfOlde } from "../index.js";
import { firstAidCheck } from "../procedures/actions.js";
import { A, B, duel, encounterFrom, loadEncounter, skirmish, who } from "../test-support/play.js";
import { bestAttack } from "../procedures/best-attack.js";
import { BLOCK_WEIGHT, blockValue, chooseAction, WITHDRAW_AT } from "./action-policy.js";
import { chooseCritical } from "./critical-policy.js";
import { canGetAway, outmatched } from "./prospects.js";

/** A duel in its first turn, free steps ready. */
function fight(
  a: Record<string, Json>,
  b: Record<string, Json>,
  options: Record<string, Json> = {},
): DooState {
  const s = duel(a, b, options);
  s.turn = 1;
  for (const c of s.combatants) c.freeSteps = c.steady.sheet.freeStepsMax;
  return s;
}

describe("the action policy", () => {
  it("attacks the foe in reach with the weapon in hand", () => {
    const s = fight({ weapons: ["broadsword"] }, {});
    A(s).ap = 4;
    expect(chooseAction(s, A(s))).toBe("strike:b:broadsword");
  });

  it("raises a Shield Block when the foe's melee attacks still to come this turn are worth more than its own blow", () => {
    // A weak club against a heavy poleaxe with 8 AP (four blows to come).
    const s = fight(
      { brawn: 6, finesse: 6, weapons: ["baton"], shield: "buckler", hitPoints: 8 },
      { brawn: 12, finesse: 12, weapons: ["poleaxe"], armour: "full-plate" },
    );
    A(s).ap = 4;
    B(s).ap = 8;
    expect(blockValue(s, A(s))).toBeGreaterThan(bestAttack(s, A(s))!.value);
    expect(chooseAction(s, A(s))).toBe("block");
  });

  it("does not block when the foe has no AP left for an attack", () => {
    const s = fight({ weapons: ["baton"], shield: "buckler" }, { brawn: 12, weapons: ["poleaxe"] });
    A(s).ap = 4;
    B(s).ap = 1;
    expect(blockValue(s, A(s))).toBe(0);
    expect(chooseAction(s, A(s))).toBe("strike:b:baton");
  });

  it("keeps its reach: a spear that cannot attack steps out of a broadsword's reach with its free steps", () => {
    const s = fight({ finesse: 10, weapons: ["spear"] }, { weapons: ["broadsword"] });
    A(s).ap = 1;
    expect(chooseAction(s, A(s))).toBe("move:b");
  });

  it("an archer with a foe at its elbow draws its melee weapon", () => {
    const s = fight({ weapons: ["shortbow", "sax"] }, {});
    A(s).ap = 4;
    expect(chooseAction(s, A(s))).toBe("ready:sax");
  });

  it("a shooter holds its ground while the foe is in range and it cannot shoot", () => {
    const s = fight({ weapons: ["crossbow"], brawn: 5 }, {}, { distance: 12 });
    A(s).ap = 1;
    A(s).steady.weapons[0]!.loaded = false;
    expect(chooseAction(s, A(s))).toBe("pass");
  });

  it("closes on a foe out of reach", () => {
    const s = fight({ weapons: ["club"] }, {}, { distance: 9 });
    A(s).ap = 5;
    expect(chooseAction(s, A(s))).toBe("move:b");
  });

  it("steps back out of reach and raises a Shield Block when outmatched and the foe, its free steps spent, must pay AP to come back", () => {
    // Movement and Actions: a step, then a Shield Block, in one round. A weak baton against a
    // heavy warhammer: at range 2 Bo needs 1 AP of steps, which leaves him one blow, not two.
    const s = fight(
      { brawn: 6, finesse: 6, weapons: ["baton"], shield: "buckler", hitPoints: 8 },
      { brawn: 12, finesse: 12, weapons: ["warhammer"], armour: "full-plate" },
    );
    A(s).ap = 4;
    B(s).ap = 4;
    B(s).freeSteps = 0;
    expect(blockValue(s, A(s))).toBeGreaterThan(bestAttack(s, A(s))!.value);
    expect(chooseAction(s, A(s))).toBe("away:b+block");
    // With his free steps still to take, Bo comes back for nothing: the block where she stands.
    B(s).freeSteps = 2;
    expect(chooseAction(s, A(s))).toBe("block");
  });

  it("moves and reloads: with a foe at its elbow, a crossbowman steps out of its reach with a free step and resets by hand", () => {
    // Crossbows (Reset crossbow, 1 AP) after a step (Movement and Actions).
    const s = fight({ brawn: 8, weapons: ["crossbow"] }, { weapons: ["club"] });
    A(s).ap = 3;
    A(s).steady.weapons[0]!.loaded = false;
    expect(chooseAction(s, A(s))).toBe("move:b+reset:crossbow");
  });

  it("empty-handed far from its foe, it takes position and draws its sword in one round; near enough to strike in the next round, it draws where it stands", () => {
    const far = fight({ weapons: ["broadsword"] }, { weapons: ["club"] }, { distance: 6 });
    A(far).ap = 3;
    A(far).steady.weapons[0]!.where = "carried";
    ownSteady(A(far)).hand = 1;
    expect(chooseAction(far, A(far))).toBe("move:b+ready:broadsword");
    const near = fight({ weapons: ["broadsword"] }, { weapons: ["club"] }, { distance: 3 });
    A(near).ap = 4;
    A(near).steady.weapons[0]!.where = "carried";
    ownSteady(A(near)).hand = 1;
    expect(chooseAction(near, A(near))).toBe("ready:broadsword");
  });

  it("closing in with AP that would buy no attack this turn, it raises its shield on the way", () => {
    // 3 AP, 5 spaces to the axe: no blow this turn either way, so the block costs nothing.
    const s = fight(
      { weapons: ["broadsword"], shield: "heater" },
      { weapons: ["battle-axe"] },
      { distance: 5 },
    );
    A(s).ap = 3;
    B(s).ap = 4;
    expect(chooseAction(s, A(s))).toBe("move:b+block");
  });

  it("a disarmed fighter steps to its weapon on the ground and picks it up", () => {
    const s = fight({ weapons: ["club"] }, {}, { distance: 5 });
    A(s).ap = 3;
    const club = A(s).steady.weapons[0]!;
    club.where = "ground";
    club.groundPos = 2;
    ownSteady(A(s)).hand = 1;
    expect(chooseAction(s, A(s))).toBe("ready:club");
  });

  it("with the Healing skill it takes its free steps to a dying friend to bind its wounds; without the skill it tends only one at its side", () => {
    const make = (skills: string[]) => {
      const def = skirmish(
        [
          { id: "a", name: "Ana", savvy: 10, skills },
          { id: "c", name: "Cay" },
        ],
        [{ id: "b", name: "Bo" }],
        { positions: { a: 0, c: -2, b: 10 } },
      );
      const s = dungeonsOfOlde.setup(def.setup);
      s.turn = 1;
      s.combatants[0]!.ap = 3;
      s.combatants[0]!.freeSteps = 2;
      s.combatants[1]!.hp = -1;
      s.combatants[1]!.status = "incapacitated";
      return s;
    };
    const healer = make(["healing"]);
    expect(chooseAction(healer, healer.combatants[0]!)).toBe("first-aid:c:bind");
    const fighter = make([]);
    expect(chooseAction(fighter, fighter.combatants[0]!)).not.toContain("first-aid");
  });

  it("while a foe can be attacked, an untrained fighter does not spend a round on first aid at about 25%; a friend about to bleed to death still gets it", () => {
    const make = (skills: string[]) => {
      const def = skirmish(
        [
          { id: "a", name: "Ana", savvy: 8, skills, weapons: ["broadsword"] },
          { id: "c", name: "Cay" },
        ],
        [{ id: "b", name: "Bo" }],
        { positions: { a: 0, c: -1, b: 3 } },
      );
      const s = dungeonsOfOlde.setup(def.setup);
      s.turn = 1;
      s.combatants[0]!.ap = 5;
      s.combatants[0]!.freeSteps = 2;
      s.combatants[1]!.hp = -1;
      s.combatants[1]!.status = "incapacitated";
      return s;
    };
    const fighter = make([]);
    const ana = fighter.combatants[0]!;
    expect(firstAidCheck(ana).dist().p(1)).toBeLessThan(0.5);
    expect(bestAttack(fighter, ana)).not.toBeNull();
    expect(chooseAction(fighter, ana)).not.toContain("first-aid");
    // Bleeding and two turns from death (at -maxHp), Cay is bound even at those odds.
    const cay = fighter.combatants[1]!;
    ownSteady(cay).bleeding = true;
    cay.hp = 2 - cay.steady.sheet.maxHp;
    expect(chooseAction(fighter, ana)).toContain("first-aid:c:");
  });

  it("duel.yaml (seed 7): Aldric, with more AP than Brenna, lets her come into his reach rather than stepping into her spear's to strike first (the advisor ranks the pass above the attack)", () => {
    const e = new Encounter(loadEncounter("duel.yaml"));
    while (e.log.every((a) => a.kind !== "decide") && autoStep(e, 7));
    const first = e.log.find((a) => a.kind === "decide")!;
    expect([first.actor, first.question, first.value]).toEqual(["aldric", "action-1", "pass"]);
  });

  it("duel.yaml (seed 2): Brenna on 1 AP, who can attack no more this turn, holds out of Aldric's step-and-strike instead of walking into it; so Aldric on 4 AP strikes at once, and the advisor ranks his attack above waiting for her", () => {
    const e = new Encounter(loadEncounter("duel.yaml"));
    while (e.status.kind === "pending" && e.status.choice.kind === "roll") autoStep(e, 2);
    const rolled = [...e.log];
    expect(rolled.map((a) => (a.kind === "roll" ? a.value : a.kind))).toEqual([4, 1]);
    const advice = adviseDecision(e.definition, rolled, { seed: 2 });
    const ranked = rank(advice.options);
    expect([ranked[0]!.value, ranked[0]!.policy]).toEqual(["strike:brenna:broadsword", true]);
    const wait = advice.options.find((o) => o.value === "pass")!;
    expect(wait.win!.value).toBeLessThan(ranked[0]!.win!.value);
    // Were Aldric to wait, Brenna keeps her place (and her free steps) rather than closing in.
    e.give({ kind: "decide", actor: "aldric", question: "action-1", value: "pass" });
    e.decideByPolicy();
    const hers = e.log.at(-1)!;
    expect(hers.kind === "decide" && [hers.actor, hers.value]).toEqual(["brenna", "pass"]);
  });

  it("on AP that buy no attack this turn, it closes in only where no foe can still strike it this turn", () => {
    // A spear on 1 AP (2 free steps and 1 step) against a broadsword on 4 AP (2 free steps, 1 step, 2 blows).
    const at = (distance: number, foeAp: number) => {
      const s = fight({ weapons: ["spear"] }, { weapons: ["broadsword"] }, { distance });
      A(s).ap = 1;
      B(s).ap = foeAp;
      return chooseAction(s, A(s));
    };
    expect(at(9, 4)).toBe("move:b");
    expect(at(4, 4)).toBe("pass");
    expect(at(4, 1)).toBe("move:b");
  });

  it("on 1 AP with its free steps spent, a spear in a broadsword's reach pays its last AP to step back out", () => {
    const s = fight({ finesse: 10, weapons: ["spear"] }, { weapons: ["broadsword"] });
    A(s).ap = 1;
    A(s).freeSteps = 0;
    B(s).ap = 2;
    expect(chooseAction(s, A(s))).toBe("move:b");
  });

  it("rises when knocked down", () => {
    const s = fight({ weapons: ["club"] }, {});
    A(s).prone = true;
    A(s).ap = 3;
    expect(chooseAction(s, A(s))).toBe("rise");
  });
});

describe("the critical policy", () => {
  it("takes the instant kill when the gamemaster allows it", () => {
    const s = fight({ weapons: ["club"] }, {});
    expect(
      chooseCritical(s, A(s), B(s), wielded(A(s)), "melee", [
        "max-bypass",
        "lasting-blind",
        "slay",
      ]),
    ).toBe("slay");
  });

  it("takes maximum damage when it drops the defender", () => {
    const s = fight({ weapons: ["broadsword"] }, {});
    B(s).hp = 8;
    expect(
      chooseCritical(s, A(s), B(s), wielded(A(s)), "melee", [
        "max-damage",
        "blind",
        "trip",
        "disarm",
      ]),
    ).toBe("max-damage");
  });

  it("against a fresh, armoured foe with a big weapon, a condition is worth more than a little more damage", () => {
    const s = fight(
      { weapons: ["baton"] },
      { brawn: 12, weapons: ["poleaxe"], armour: "full-plate" },
    );
    B(s).ap = 6;
    const choice = chooseCritical(s, A(s), B(s), wielded(A(s)), "melee", [
      "max-damage",
      "blind",
      "trip",
      "disarm",
    ]);
    expect(choice).not.toBe("max-damage");
  });

  it("duel.yaml: Aldric's legendary hit on Brenna, who carries a dagger beside her spear, blinds her for good; without that, maximum damage past her armour rather than breaking the spear; with nothing but a poleaxe, breaking it leaves her fists", () => {
    // Critical Outcomes in Combat: the attacker chooses; a broken weapon is worth what the
    // defender loses by fighting on with the next one, lasting blindness what her attacks and
    // defence lose at disadvantage for the rest of the fight. Without blindness on offer,
    // maximum damage past her armour.
    const legendary = ["max-bypass", "lasting-blind", "lame", "break-weapon"];
    const choose = (weapons: string[]) => {
      const s = fight(
        { brawn: 10, finesse: 8, weapons: ["broadsword"], shield: "heater", armour: "chainmail" },
        { brawn: 8, finesse: 10, weapons, armour: "gambeson" },
      );
      return chooseCritical(s, A(s), B(s), wielded(A(s)), "melee", legendary);
    };
    // `fray audit examples/dungeons-of-olde/duel.yaml --runs 20 --seed 1`'s search, Brenna's
    // legendary hit on Aldric: lasting blindness wins 0.79 where maximum damage past the armour
    // wins 0.59.
    expect(choose(["spear", "dagger"])).toBe("lasting-blind");
    legendary.splice(1, 1);
    expect(choose(["spear", "dagger"])).toBe("max-bypass");
    expect(choose(["poleaxe"])).toBe("break-weapon");
  });

  it("tavern-brawl.yaml: Hob, three blows still to come this round, blinds Rolf rather than trip him", () => {
    // Critical Outcomes in Combat: temporary blindness lasts to the reset phase, and a blind
    // defender defends with disadvantage (Fray's default), so each of Hob's blows still to come
    // lands more often; a trip only costs Rolf the 2 AP to rise before Hob strikes again.
    // `fray audit examples/dungeons-of-olde/tavern-brawl.yaml --runs 20 --seed 1`, fight 6 round 4:
    // the search's blindness wins 0.69, the trip 0.33.
    const s = fight(
      { brawn: 9, finesse: 8, nerve: 6 },
      { brawn: 9, finesse: 7, nerve: 6, weapons: [{ weapon: "improvised", name: "beer stein" }] },
    );
    A(s).ap = 6;
    B(s).ap = 4;
    B(s).hp = 11;
    const critical = ["max-damage", "blind", "trip", "disarm"];
    expect(chooseCritical(s, A(s), B(s), wielded(A(s)), "melee", critical)).toBe("blind");
    // With no blow left this round, the blindness is over before Hob strikes again.
    A(s).ap = 0;
    expect(chooseCritical(s, A(s), B(s), wielded(A(s)), "melee", critical)).not.toBe("blind");
  });

  it("never picks an outcome the defender already suffers: no trip of a foe already prone, no lasting blindness twice", () => {
    // Critical Outcomes in Combat: the attacker chooses the outcome; one that changes nothing is
    // no choice. The same foe as above: standing, the trip is worth most.
    const s = fight(
      { weapons: ["baton"] },
      { brawn: 12, weapons: ["poleaxe"], armour: "full-plate" },
    );
    B(s).ap = 6;
    const critical = ["max-damage", "blind", "trip", "disarm"];
    const legendary = ["max-bypass", "lasting-blind", "lame"];
    const choose = (options: string[]) =>
      chooseCritical(s, A(s), B(s), wielded(A(s)), "melee", options);
    expect(choose(critical)).toBe("trip");
    expect(choose(legendary)).toBe("lasting-blind");
    B(s).prone = true;
    expect(choose(critical)).not.toBe("trip");
    ownSteady(B(s)).blind = 2;
    expect(choose(critical)).toBe("disarm");
    expect(choose(legendary)).toBe("max-bypass");
  });
});

describe("profiles", () => {
  /** What `me` answers to its round's action decision when it plays `profile`. */
  function actionAs(profile: string, s: DooState, me: CombatantState): Json {
    const playbook = new Playbook(dungeonsOfOlde.tactics, { [me.id]: profile });
    return playbook.answer(me.id, "action-1", {
      prompt: "action",
      schema: z.string(),
      situation: { state: s, me },
      tactic: "action",
    });
  }

  it("a cautious fighter raises its buckler against two broadsword blows to come where a steady one strikes", () => {
    const s = fight(
      { brawn: 8, finesse: 8, weapons: ["broadsword"], shield: "buckler", hitPoints: 10 },
      { brawn: 10, finesse: 10, weapons: ["broadsword"], hitPoints: 10 },
    );
    A(s).ap = 4;
    B(s).ap = 4;
    expect(actionAs("default", s, A(s))).toBe("strike:b:broadsword");
    expect(actionAs("cautious", s, A(s))).toBe("block");
  });

  it("a reckless fighter strikes with its baton where a steady one raises its buckler against the poleaxe", () => {
    const s = fight(
      { brawn: 6, finesse: 6, weapons: ["baton"], shield: "buckler", hitPoints: 8 },
      { brawn: 12, finesse: 12, weapons: ["poleaxe"], armour: "full-plate" },
    );
    A(s).ap = 4;
    B(s).ap = 8;
    expect(actionAs("default", s, A(s))).toBe("block");
    expect(actionAs("reckless", s, A(s))).toBe("strike:b:baton");
  });
});

describe("withdrawal from a lost fight", () => {
  /**
   * Weasel the slinger (the ambush's: Brawn 5, Finesse 8, Nerve 5, 7 HP) with `hp` left, 6 spaces
   * from the ambush-at-the-crossbow's ogre (Brawn 14, Finesse 4, Nerve 8, a club, 18 HP), 4 AP.
   */
  function slingerAndOgre(hp: number, ogres = 1): DooState {
    const ogre = { name: "Ogre", brawn: 14, finesse: 4, nerve: 8, weapons: ["club"] };
    const s = dungeonsOfOlde.setup(
      skirmish(
        [{ id: "a", name: "Weasel", brawn: 5, finesse: 8, nerve: 5, weapons: ["sling"] }],
        Array.from({ length: ogres }, (_, i) => ({ ...ogre, id: `b${i}`, name: `Ogre ${i + 1}` })),
        { distance: 6 },
      ).setup,
    );
    s.turn = 1;
    for (const c of s.combatants) c.freeSteps = c.steady.sheet.freeStepsMax;
    A(s).hp = hp;
    A(s).ap = 4;
    return s;
  }

  it("the slinger with 2 HP against the ogre runs: the ogre's side is 3.65 times as strong (18 HP and a club against 2 HP and a sling); with 4 HP (1.83 times) he slings", () => {
    const low = slingerAndOgre(2);
    expect(outmatched(low, A(low))).toBeCloseTo(3.652, 3);
    expect(chooseAction(low, A(low))).toBe("withdraw");
    const four = slingerAndOgre(4);
    expect(outmatched(four, A(four))).toBeCloseTo(1.826, 3);
    expect(chooseAction(four, A(four))).toBe("shoot:b0:sling");
  });

  it("unhurt, the slinger stands against three ogres (15.3 times as strong): nobody walks away from a fight before it has told on his side", () => {
    const s = slingerAndOgre(7, 3);
    expect(outmatched(s, A(s))).toBeCloseTo(15.338, 3);
    expect(chooseAction(s, A(s))).toBe("shoot:b0:sling");
    // A friend down tells as much as a wound of his own.
    const t = dungeonsOfOlde.setup(
      skirmish(
        [
          { id: "a", name: "Weasel", brawn: 5, finesse: 8, nerve: 5, weapons: ["sling"] },
          { id: "c", name: "Fletch", brawn: 6, finesse: 9, nerve: 6, weapons: ["shortbow"] },
        ],
        [0, 1, 2].map((i) => ({
          id: `b${i}`,
          name: `Ogre ${i + 1}`,
          brawn: 14,
          finesse: 4,
          nerve: 8,
          weapons: ["club"],
        })),
        { distance: 6 },
      ).setup,
    );
    t.turn = 1;
    A(t).ap = 4;
    t.combatants[1]!.status = "incapacitated";
    t.combatants[1]!.hp = 0;
    expect(chooseAction(t, A(t))).toBe("withdraw");
  });

  it("a cautious slinger with 3 HP runs from the ogre (2.43 times as strong) where a steady one slings; a reckless one with 2 HP fights to the death", () => {
    const three = slingerAndOgre(3);
    expect(outmatched(three, A(three))).toBeCloseTo(2.434, 3);
    const as = (profile: string, s: DooState) =>
      new Playbook(dungeonsOfOlde.tactics, { a: profile }).answer("a", "action-1", {
        prompt: "action",
        schema: z.string(),
        situation: { state: s, me: A(s) },
        tactic: "action",
      });
    expect(as("default", three)).toBe("shoot:b0:sling");
    expect(as("cautious", three)).toBe("withdraw");
    const two = slingerAndOgre(2);
    expect(as("default", two)).toBe("withdraw");
    expect(as("reckless", two)).toBe("shoot:b0:sling");
  });

  it("a brawler with 1 HP at the elbow of a foe as quick as he fights on (running, he would be followed); from a slow ogre he runs", () => {
    const brawl = (foeFinesse: number) => {
      const s = fight(
        { name: "Rolf", brawn: 9, finesse: 7, nerve: 6, weapons: ["club"] },
        { name: "Hob", brawn: 9, finesse: foeFinesse, nerve: 6, weapons: ["club"] },
      );
      A(s).hp = 1;
      A(s).ap = 4;
      B(s).ap = 4;
      return s;
    };
    const quick = brawl(8);
    expect(outmatched(quick, A(quick))).toBeGreaterThan(3);
    expect(canGetAway(quick, A(quick))).toBe(false);
    expect(chooseAction(quick, A(quick))).toBe("strike:b:club");
    const slow = brawl(4);
    expect(outmatched(slow, A(slow))).toBeGreaterThan(3);
    expect(canGetAway(slow, A(slow))).toBe(true);
    expect(chooseAction(slow, A(slow))).toBe("withdraw");
  });

  /**
   * The ambush at the old bridge with only `ids` of its combatants, at the file's places (the
   * party at 0, the bandits at 5, Weasel the slinger at 9), nobody hurt, 4 AP each in turn 1.
   */
  function bridge(ids: readonly string[]): DooState {
    const file = structuredClone(loadEncounter("ambush-at-the-old-bridge.yaml").file) as {
      combatants: { id: string }[];
      options: { positions: Record<string, number>; surprised: string[]; cover?: unknown };
    };
    file.combatants = file.combatants.filter((c) => ids.includes(c.id));
    file.options.positions = ids.includes("slinger") ? { slinger: 9 } : {};
    file.options.surprised = [];
    delete file.options.cover;
    const s = dungeonsOfOlde.setup(encounterFrom(file).setup);
    s.turn = 1;
    for (const c of s.combatants) {
      c.freeSteps = c.steady.sheet.freeStepsMax;
      c.ap = 4;
    }
    return s;
  }

  it("ambush-at-the-old-bridge.yaml without Fletch's bow: Cutter, Knuckles and Weasel, unhurt and out of the party's reach, the party 2.99 times as strong, withdraw before the fight has told on them (each foe has a bandit as near to go for); reckless, or once in Aldric's reach, Knuckles fights", () => {
    const party = ["aldric", "brenna", "corwin"];
    const s = bridge([...party, "cutter", "knuckles", "slinger"]);
    const knuckles = who(s, "knuckles");
    expect(outmatched(s, knuckles)).toBeCloseTo(2.993, 3);
    // Every one of the party could follow Knuckles alone; Cutter, as near to each, is gone for.
    expect(canGetAway(s, knuckles)).toBe(false);
    expect(canGetAway(s, knuckles, true)).toBe(true);
    for (const id of ["cutter", "knuckles", "slinger"])
      expect(chooseAction(s, who(s, id))).toBe("withdraw");
    expect(chooseAction(s, knuckles, BLOCK_WEIGHT.reckless, WITHDRAW_AT.reckless)).toBe(
      "strike:corwin:pike",
    );
    const aldric = who(s, "aldric");
    aldric.pos = 4;
    expect(exposedTo(knuckles, aldric)).toBe(true);
    expect(chooseAction(s, knuckles)).not.toBe("withdraw");
  });

  it("ambush-at-the-old-bridge.yaml: Knuckles alone against the party (31 times as strong), unhurt, fights on: one alone keeps the rule that the fight must tell on him first", () => {
    const s = bridge(["aldric", "brenna", "corwin", "knuckles"]);
    const knuckles = who(s, "knuckles");
    expect(outmatched(s, knuckles)).toBeGreaterThan(30);
    expect(chooseAction(s, knuckles)).toBe("strike:corwin:pike");
  });

  it("a withdrawing slinger 8 spaces from the ogre at the end of the turn has left the fight, and the ogre's side wins", () => {
    // Weasel starts hurt: 2 HP of 7.
    const def = skirmish(
      [
        {
          id: "a",
          name: "Weasel",
          brawn: 5,
          finesse: 8,
          nerve: 5,
          weapons: ["sling"],
          currentHitPoints: 2,
        },
      ],
      [{ id: "b", name: "Ogre", brawn: 14, finesse: 4, nerve: 8, weapons: ["club"] }],
      { distance: 6 },
    );
    const e = new Encounter(def);
    for (let i = 0; i < 40 && e.status.kind === "pending"; i += 1) autoStep(e, 3);
    expect(A(e.state as DooState).status).toBe("fled");
    expect(
      e.log.some((a) => a.kind === "decide" && a.actor === "a" && a.value === "withdraw"),
    ).toBe(true);
  });
});
