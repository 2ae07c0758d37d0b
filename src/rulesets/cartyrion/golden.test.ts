// The chapter's worked examples, replayed with the dice the chapter states (Damage Dice "Example":
// Tombril and the Hill Giant; Sneak Attacks "Example": Cedryk the Sneaky).
import { describe, expect, it } from "vitest";
import { ScriptContext } from "../../engine/drivers/script.js";
import { cartyrion } from "./index.js";
import {
  encounterFrom,
  loadEncounter,
  loadExchange,
  pending,
  play,
  stateOf,
  texts,
  who,
} from "./test-support/play.js";

describe("Example: Tombril and the Hill Giant", () => {
  const def = loadEncounter("tombril-and-the-hill-giant.yaml");

  it("a 5 on the initiative die: Tombril goes first; 5d6 of 5, 3, 4, 3, 2 = 17, +2 on each die and STR +8 = 35, less 4 Defense Points = 31: the giant is left with 37 SP", () => {
    const e = play(def, [5, "attack:giant:shortsword", [5, 3, 4, 3, 2]]);
    expect(who(e, "giant").stamina).toBe(37);
    const t = texts(e);
    expect(t).toContain(
      "cartyrion, Surprise: initiative die 5: nobody is surprised (2 to 5 in the first round), and the party acts first (4 or 5)",
    );
    expect(t).toContain(
      "cartyrion, Resolving Combat: Tombril rolls 5d6! with the shortsword +2: 17, +10 magic (+2 on each of 5 dice, none on explosions), +8 STR = 35; less Hill Giant's 4 (DEX 3, armour 1) = 31",
    );
    expect(t).toContain(
      "cartyrion, Resolving Combat: 31 SP are taken from Hill Giant's 68, leaving 37 SP",
    );
    expect(pending(e)).toBe("giant:action");
  });

  it("the giant's 6d6 of 6, 5, 3, 6, 2, 6 explode into 5, 1, 6 and then 2: 42, +9 STR = 51, less Tombril's 8 Defense Points = 43: Tombril is left with 12 SP", () => {
    const e = play(def, [
      5,
      "attack:giant:shortsword",
      [5, 3, 4, 3, 2],
      "attack:tombril:club",
      [6, 5, 3, 6, 2, 6, 5, 1, 6, 2],
    ]);
    expect(who(e, "tombril").stamina).toBe(12);
    expect(who(e, "giant").stamina).toBe(37);
    expect(texts(e)).toContain(
      "cartyrion, Resolving Combat: Hill Giant rolls 6d6! with the club: 42, +9 STR = 51; less Tombril's 8 (DEX 5, armour 3) = 43",
    );
    expect(e.round).toBe(1);
    expect(
      e.log.filter((a) => a.kind === "roll").map((a) => (a.kind === "roll" ? a.value : 0)),
    ).toEqual([5, 17, 42]);
  });

  it("round 2: initiative is rerolled, Tombril goes first again and retreats; the giant does not pursue and the encounter is over", () => {
    const e = play(def, [
      5,
      "attack:giant:shortsword",
      17,
      "attack:tombril:club",
      42,
      6,
      "withdraw",
      40,
      "wait",
    ]);
    expect(e.status).toEqual({
      kind: "over",
      outcome: { winner: "opponents", reason: "Hill Giant holds the field: Tombril withdrew" },
    });
    expect(who(e, "tombril").status).toBe("fled");
    expect(who(e, "tombril").stamina).toBe(12);
  });

  it("the policy has Tombril retreat at 12 SP rather than face another swing of the club", () => {
    const e = play(def, [5, "attack:giant:shortsword", 17, "attack:tombril:club", 42, 6]);
    expect(pending(e)).toBe("tombril:action");
    const s = e.status;
    if (s.kind !== "pending" || s.choice.kind !== "decide") throw new Error("expected a decision");
    expect(e.tacticAnswer).toBe("withdraw");
  });
});

describe("Example: Cedryk the Sneaky", () => {
  const ex = loadExchange("cedryk-sneak-attack.yaml");

  function sneak(awa: number, damage: number): ReturnType<typeof cartyrion.exchange.setup> {
    const state = cartyrion.exchange.setup(ex.attacker, ex.defender, ex.situation, ex.switches);
    const ctx = ScriptContext.fromValues([true, awa, damage], "cartyrion");
    cartyrion.exchange.run(state, ctx);
    return state;
  }

  it("the AWA check has DC 13 from the half-orc's armour; 9 + 4 is just enough; 2 dice of 4 (exploding), 2, 2 + DEX 4 = 12 Direct Damage of its 15 injury slots", () => {
    const state = sneak(9, 8);
    const orc = who(state, "half-orc");
    expect(orc.injuries).toBe(12);
    expect(orc.slots).toBe(15);
    expect(orc.stamina).toBe(16);
    expect(orc.status).toBe("fighting");
  });

  it("had the AWA roll failed, the same dice would have done 9 points of Direct Damage", () => {
    const orc = who(sneak(8, 8), "half-orc");
    expect(orc.injuries).toBe(9);
    expect(orc.stamina).toBe(16);
  });

  it("the fight in the warehouse: Cedryk conceals himself (DEX check), moves round unseen (another DEX check), and strikes from the crates", () => {
    const def = encounterFrom({
      ruleset: "cartyrion",
      sides: [{ id: "party" }, { id: "toughs" }],
      options: { start: "expected", distance: 5, positions: { cedryk: -30 } },
      combatants: [
        {
          id: "janine",
          name: "Janine the Pious",
          side: "party",
          level: 3,
          str: 2,
          stamina: 18,
          injurySlots: 12,
          armour: "chain",
          shield: "shield",
          weapons: ["mace"],
        },
        {
          id: "cedryk",
          name: "Cedryk",
          side: "party",
          level: 3,
          dex: 4,
          awa: 4,
          stamina: 14,
          armour: "leather",
          weapons: ["dagger"],
        },
        {
          id: "half-orc",
          name: "the half-orc",
          side: "toughs",
          level: 3,
          str: 3,
          dex: 1,
          stamina: 16,
          injurySlots: 15,
          armour: "chain",
          weapons: ["club"],
        },
      ],
    });
    const e = play(def, [
      4, // round 1: the party first
      "janine",
      "attack:half-orc:club".replace("club", "mace"),
      3, // Janine's mace: 3 + 2 - 4 = 1 SP
      "hide",
      true,
      12,
      10, // Cedryk hides behind the crates: DEX check 10 + 4 against DC 12
      "attack:janine:club",
      4, // the half-orc swings at Janine
      5, // round 2
      "cedryk",
      "advance:half-orc",
      12,
      12, // Cedryk moves round unseen: 12 + 4 against DC 12
      "attack:half-orc:mace",
      3,
      "attack:janine:club",
      4,
      6, // round 3
      "cedryk",
      "sneak:half-orc:dagger",
      true,
      9,
      [4, 2, 2],
    ]);
    const orc = who(e, "half-orc");
    expect(orc.injuries).toBe(12);
    expect(texts(e)).toContain(
      "cartyrion, Sneak Attacks: Cedryk's AWA check for the weak spot: 9 + 4 = 13 against DC 13: success",
    );
    expect(texts(e)).toContain(
      "cartyrion, Sneak Attacks: Cedryk rolls 2d4! with the dagger: 8, +4 DEX = 12; less the half-orc's 0 (DEX never counts against a sneak attack, armour bypassed) = 12",
    );
    expect(who(e, "cedryk").concealed).toBe(false);
    expect(stateOf(e).round).toBe(3);
  });
});
