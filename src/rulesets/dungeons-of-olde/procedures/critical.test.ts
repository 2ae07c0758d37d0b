// Critical Outcomes in Combat: who chooses, what each option does, character points, the instant
// kill and the gamemaster's consent, and the text-versus-table switch for critical misses.
import { describe, expect, it } from "vitest";
import {
  CRITICAL_HIT,
  CRITICAL_MISS,
  DISASTROUS,
  LEGENDARY,
  MISS,
  opposedRoll,
} from "../dice/specs.js";
import { NORMAL } from "../dice/stat-die.js";
import type { DooState } from "../state.js";
import { A, B, duel, RollScript } from "../test-support/play.js";
import { attackSpec, resolveAttack } from "./attack.js";
import { gmAllowsSlaying } from "../policies/gm-rulings.js";
import { criticalOptions } from "./critical.js";
import { wielded } from "./derived.js";

function attack(
  s: DooState,
  script: (number | number[])[],
  fixed: Record<string, string | boolean> = {},
): RollScript {
  const ctx = new RollScript(script, fixed);
  resolveAttack(s, A(s), B(s), wielded(A(s)), "melee", ctx);
  return ctx;
}

describe("Critical Outcomes in Combat", () => {
  it("on a critical hit the attacker chooses: maximum damage with a Brawn weapon, bypass armour with a Finesse weapon, blindness, a trip, a disarm", () => {
    const s = duel({ weapons: ["broadsword"] }, { weapons: ["club"] });
    expect(criticalOptions(A(s), B(s), wielded(A(s)), "melee", false, false)).toEqual([
      "max-damage",
      "blind",
      "trip",
      "disarm",
    ]);
    const f = duel({ weapons: ["rapier"] }, {});
    expect(criticalOptions(A(f), B(f), wielded(A(f)), "melee", false, false)).toEqual([
      "bypass-armour",
      "blind",
      "trip",
    ]);
  });

  it("a legendary hit offers maximum damage through the armour, lasting blindness or lameness, a broken weapon, and the instant kill if the gamemaster allows it", () => {
    const s = duel({ weapons: ["broadsword"] }, { weapons: ["club"] });
    expect(criticalOptions(A(s), B(s), wielded(A(s)), "melee", true, true)).toEqual([
      "max-bypass",
      "lasting-blind",
      "lame",
      "break-weapon",
      "slay",
    ]);
  });

  it("maximum damage: the die counts its maximum (a broadsword's 8, less DR 3)", () => {
    const s = duel({ weapons: ["broadsword"] }, { armour: "chainmail" });
    const ctx = attack(s, [CRITICAL_HIT], { "a:critical": "max-damage" });
    expect(B(s).hp).toBe(12 - 5);
    expect(ctx.decisions).toEqual(['a:critical="max-damage"']);
  });

  it("bypass armour: the DR does not count", () => {
    const s = duel({ weapons: ["rapier"] }, { armour: "chainmail" });
    attack(s, [CRITICAL_HIT, 5], { "a:critical": "bypass-armour" });
    expect(B(s).hp).toBe(12 - 5);
  });

  it("a trip leaves the defender prone; a disarm drops its weapon in its space; temporary blindness until the reset phase", () => {
    const s = duel({ weapons: ["club"] }, { weapons: ["dagger"] });
    attack(s, [CRITICAL_HIT, 1], { "a:critical": "trip" });
    expect(B(s).prone).toBe(true);
    attack(s, [CRITICAL_HIT, 1], { "a:critical": "disarm" });
    expect(wielded(B(s)).natural).toBe(true);
    expect(B(s).steady.weapons[0]!.where).toBe("ground");
    attack(s, [CRITICAL_HIT, 1], { "a:critical": "blind" });
    expect(B(s).steady.blind).toBe(1);
  });

  it("the legendary options: a broken weapon, lasting blindness, lameness", () => {
    const s = duel({ weapons: ["club"] }, { weapons: ["dagger"] });
    attack(s, [LEGENDARY, 1], { "gm:allow-slay": false, "a:legendary": "break-weapon" });
    expect(B(s).steady.weapons[0]!.where).toBe("broken");
    attack(s, [LEGENDARY, 1], { "gm:allow-slay": false, "a:legendary": "lasting-blind" });
    expect(B(s).steady.blind).toBe(2);
    attack(s, [LEGENDARY, 1], { "gm:allow-slay": false, "a:legendary": "lame" });
    expect(B(s).steady.lame).toBe(true);
  });

  it("the instant kill: the gamemaster is asked first, and by default allows it only on a player character's foe who is not the nemesis", () => {
    const s = duel({ weapons: ["club"] }, {});
    const ctx = attack(s, [LEGENDARY]);
    expect(ctx.decisions).toEqual(["gm:allow-slay=true", 'a:legendary="slay"']);
    expect(B(s).status).toBe("dead");
    expect(gmAllowsSlaying(B(s), A(s))).toBe(false);
    const n = duel({ weapons: ["club"] }, { nemesis: true });
    expect(gmAllowsSlaying(A(n), B(n))).toBe(false);
  });

  it("on a critical miss the gamemaster chooses: the attacker drops its weapon or trips", () => {
    const s = duel({ weapons: ["club"] }, {});
    let ctx = attack(s, [CRITICAL_MISS]);
    expect(ctx.decisions).toEqual(['gm:critical-miss="drop"']);
    expect(A(s).steady.weapons[0]!.where).toBe("ground");
    ctx = attack(s, [CRITICAL_MISS]);
    expect(ctx.decisions).toEqual([]);
    expect(A(s).prone).toBe(true);
  });

  it("on a disastrous miss the gamemaster chooses: the attacker's weapon breaks, or the defender deals its weapon damage to the attacker", () => {
    const s = duel({ weapons: ["club"] }, { weapons: ["broadsword"] });
    const ctx = attack(s, [DISASTROUS, 6]);
    expect(ctx.decisions).toEqual(['gm:disastrous-miss="riposte"']);
    expect(A(s).hp).toBe(12 - 6);
    attack(s, [DISASTROUS], { "gm:disastrous-miss": "break" });
    expect(A(s).steady.weapons[0]!.where).toBe("broken");
  });

  it("character points go to player characters who make a critical hit or miss, or suffer one: 2 for legendary and disastrous, 1 for critical", () => {
    const s = duel({ weapons: ["club"] }, {});
    attack(s, [CRITICAL_HIT, 1], { "a:critical": "trip" });
    attack(s, [MISS]);
    expect(A(s).cp).toBe(1);
    // Bo, not a player character, attacks Ana and misses disastrously: she earns the points as defender.
    resolveAttack(s, B(s), A(s), wielded(B(s)), "melee", new RollScript([DISASTROUS, 2]));
    expect(A(s).cp).toBe(3);
    expect(B(s).cp).toBe(0);
  });

  it("Defense Checks have no critical outcomes: the defender's dice only set the CR", () => {
    const s = duel({ weapons: ["club"] }, {});
    const spec = attackSpec(s, A(s), B(s), wielded(A(s)), "melee");
    expect(spec.dist().outcomes()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("the text's reading (a miss by 3 or more is critical) is switch criticalMiss: text; the table's -4 is the default", () => {
    const table = opposedRoll(8, NORMAL, 8, NORMAL, 0, -3).dist();
    const text = opposedRoll(8, NORMAL, 8, NORMAL, 0, -2).dist();
    expect(text.p(CRITICAL_MISS)).toBeGreaterThan(table.p(CRITICAL_MISS));
    expect(text.p(MISS) + text.p(CRITICAL_MISS)).toBeCloseTo(
      table.p(MISS) + table.p(CRITICAL_MISS),
      12,
    );
    const s = duel({ weapons: ["club"] }, {}, {}, { criticalMiss: "text" });
    expect(attackSpec(s, A(s), B(s), wielded(A(s)), "melee")).toBe(
      opposedRoll(8, NORMAL, 8, NORMAL, 0, -2),
    );
  });
});
