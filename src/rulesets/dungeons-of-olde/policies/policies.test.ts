// The default policies: what a sensible fighter does with its action points and its critical hits.
import { describe, expect, it } from "vitest";
import { autoStep } from "../../../engine/autoplay.js";
import { adviseDecision, rank } from "../../../engine/advice.js";
import { Encounter } from "../../../engine/encounter.js";
import type { Json } from "../../../engine/json.js";
import { Playbook } from "../../../engine/tactics.js";
import { z } from "zod";
import { wielded } from "../procedures/derived.js";
import type { CombatantState, DooState } from "../state.js";
import { dungeonsOfOlde } from "../index.js";
import { firstAidCheck } from "../procedures/actions.js";
import { A, B, duel, loadEncounter, skirmish } from "../test-support/play.js";
import { bestAttack } from "../procedures/best-attack.js";
import { blockValue, chooseAction } from "./action-policy.js";
import { chooseCritical } from "./critical-policy.js";

/** A duel in its first turn, free steps ready. */
function fight(
  a: Record<string, Json>,
  b: Record<string, Json>,
  options: Record<string, Json> = {},
): DooState {
  const s = duel(a, b, options);
  s.turn = 1;
  for (const c of s.combatants) c.freeSteps = c.freeStepsMax;
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
    A(s).weapons[0]!.loaded = false;
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
    A(s).weapons[0]!.loaded = false;
    expect(chooseAction(s, A(s))).toBe("move:b+reset:crossbow");
  });

  it("empty-handed far from its foe, it takes position and draws its sword in one round; near enough to strike in the next round, it draws where it stands", () => {
    const far = fight({ weapons: ["broadsword"] }, { weapons: ["club"] }, { distance: 6 });
    A(far).ap = 3;
    A(far).weapons[0]!.where = "carried";
    A(far).hand = 1;
    expect(chooseAction(far, A(far))).toBe("move:b+ready:broadsword");
    const near = fight({ weapons: ["broadsword"] }, { weapons: ["club"] }, { distance: 3 });
    A(near).ap = 4;
    A(near).weapons[0]!.where = "carried";
    A(near).hand = 1;
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
    const club = A(s).weapons[0]!;
    club.where = "ground";
    club.groundPos = 2;
    A(s).hand = 1;
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
    cay.bleeding = true;
    cay.hp = 2 - cay.maxHp;
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

  it("duel.yaml: Aldric's legendary hit on Brenna, who carries a dagger beside her spear, takes maximum damage past her armour rather than breaking the spear; with nothing but a poleaxe, breaking it leaves her fists", () => {
    // Critical Outcomes in Combat: the attacker chooses; a broken weapon is worth what the
    // defender loses by fighting on with the next one.
    const legendary = ["max-bypass", "lasting-blind", "lame", "break-weapon"];
    const choose = (weapons: string[]) => {
      const s = fight(
        { brawn: 10, finesse: 8, weapons: ["broadsword"], shield: "heater", armour: "chainmail" },
        { brawn: 8, finesse: 10, weapons, armour: "gambeson" },
      );
      return chooseCritical(s, A(s), B(s), wielded(A(s)), "melee", legendary);
    };
    expect(choose(["spear", "dagger"])).toBe("max-bypass");
    expect(choose(["poleaxe"])).toBe("break-weapon");
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
    B(s).blind = 2;
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
