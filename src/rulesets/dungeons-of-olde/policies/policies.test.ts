// The default policies: what a sensible fighter does with its action points and its critical hits.
import { describe, expect, it } from "vitest";
import type { Json } from "../../../engine/json.js";
import { wielded } from "../procedures/derived.js";
import type { DooState } from "../state.js";
import { A, B, duel } from "../test-support/play.js";
import { bestAttack, blockValue, chooseAction } from "./action-policy.js";
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
