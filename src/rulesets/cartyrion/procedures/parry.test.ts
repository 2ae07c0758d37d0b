import { describe, expect, it } from "vitest";
import { chooseAction } from "../policies/action-policy.js";
import { play, skirmish, stateOf, texts, who } from "../test-support/play.js";
import { listActions } from "./actions.js";
import { packDamage } from "./damage-dice.js";

const giant = { id: "giant", name: "Giant", level: 3, str: 4, weapons: ["club"] };

describe("parrying", () => {
  it("Parrying: no damage gets through until the parrier's next turn, when the parry ends", () => {
    const ann = { id: "ann", name: "Ann", stamina: 20, shield: "shield", weapons: ["longsword"] };
    const e = play(skirmish([ann], [giant]), [4, "parry:shield", "attack:ann:club", 3, 4]);
    expect(who(e, "ann").stamina).toBe(20);
    expect(texts(e)).toContain(
      "cartyrion, Parrying: Ann devotes the turn to parrying with the shield: incoming damage is mitigated until its next turn",
    );
    expect(texts(e)).toContain("cartyrion, Parrying: Ann's parry ends as its turn begins");
    expect(who(e, "ann").parry).toBe("");
    // A parrying combatant may not attack; by default (switch parryMovement) it does not move either.
    expect(who(e, "ann").pos).toBe(0);
  });

  it("Parrying: with either a weapon or a shield, or both: with both the weapon parries, and the shield once the weapon shatters", () => {
    const ann = { id: "ann", name: "Ann", stamina: 30, shield: "buckler", weapons: ["longsword"] };
    const two = { ...giant, id: "g2", name: "Second giant" };
    const def = skirmish([ann], [giant, two], {}, { shieldArmour: false });
    const s = stateOf(play(def, []));
    const parries = listActions(s, who(s, "ann"))
      .map((c) => c.value)
      .filter((v) => v.startsWith("parry"));
    expect(parries).toEqual(["parry:weapon", "parry:shield", "parry:both"]);
    const swordOnly = stateOf(
      play(skirmish([{ id: "ann", name: "Ann", weapons: ["longsword"] }], [giant]), []),
    );
    expect(
      listActions(swordOnly, who(swordOnly, "ann")).some((c) => c.value === "parry:both"),
    ).toBe(false);
    // The giant's exploding blow shatters the longsword (still parried); the second giant's blow
    // of 3 + 4 falls on the buckler, which takes double: 14 of its 8 destroy it, 4 of the 7 stopped.
    const e = play(def, [
      4,
      "parry:both",
      "giant",
      "attack:ann:club",
      [6, 2, 3],
      "attack:ann:club",
      3,
    ]);
    expect(texts(e)).toContain(
      "cartyrion, Parrying: Ann devotes the turn to parrying with the longsword and the buckler: incoming damage is mitigated until its next turn",
    );
    expect(texts(e)).toContain(
      "cartyrion, Parrying with a Weapon: exploding dice shatter Ann's longsword (1 of the 1 explosion it takes); this blow of 15 is still fully parried, and Ann's buckler parries the blows after it",
    );
    expect(texts(e)).toContain(
      "cartyrion, Parrying with a Shield: Ann's buckler is destroyed absorbing 4 of the blow of 7; 3 get through",
    );
    expect(who(e, "ann").stamina).toBe(27);
  });

  // Parrying: the parrier "cannot make an attack on its turn"; whether it may still move is the
  // switch parryMovement (default: it devotes its whole combat turn to the parry).
  it("Parrying: with the switch parryMovement the parrier may still move, but makes no attack", () => {
    const ann = { id: "ann", name: "Ann", stamina: 20, shield: "shield", weapons: ["longsword"] };
    const parries = (def: ReturnType<typeof skirmish>) => {
      const s = stateOf(play(def, []));
      return listActions(s, who(s, "ann"))
        .map((c) => c.value)
        .filter((v) => v.startsWith("parry:shield"));
    };
    // By default the parry is the whole turn: no movement is offered, and none is made.
    const still = skirmish([ann], [giant], { distance: 30 });
    expect(parries(still)).toEqual(["parry:shield"]);
    expect(() => play(still, [4, "parry:shield:giant"])).toThrow(/is not one of the options/);
    // With parryMovement: true it may close in behind the shield, or step back.
    const moving = skirmish([ann], [giant], { distance: 30 }, { parryMovement: true });
    expect(parries(moving)).toEqual(["parry:shield", "parry:shield:giant", "parry:shield/back"]);
    const closer = play(moving, [4, "parry:shield:giant"]);
    expect(who(closer, "ann").pos).toBe(25);
    expect(who(closer, "ann").parry).toBe("shield");
    expect(texts(closer)).toContain(
      "cartyrion, Movement: Ann moves toward Giant: 25 ft (now at 25 ft)",
    );
    const back = play(moving, [4, "parry:shield/back"]);
    expect(who(back, "ann").pos).toBe(-40);
    expect(who(back, "ann").parry).toBe("shield");
    // The giant's blow on the parrying Ann is still stopped.
    const struck = play(moving, [4, "parry:shield:giant", "attack:ann:club", 3]);
    expect(who(struck, "ann").stamina).toBe(20);
    // A knight too slow to reach the giant, which is coming, closes in behind the shield.
    const slow = stateOf(
      play(
        skirmish([{ ...ann, move: 10 }], [giant], { distance: 60 }, { parryMovement: true }),
        [],
      ),
    );
    expect(chooseAction(slow, who(slow, "ann"))).toBe("parry:shield:giant");
  });

  it("Parrying with a Weapon: the first exploding die shatters the weapon, and that blow is still stopped", () => {
    const ann = { id: "ann", name: "Ann", stamina: 20, weapons: ["longsword"] };
    const def = skirmish([ann], [giant]);
    // Without explosions nothing gets through (the answer packs the total and the explosions).
    const held = play(def, [4, "parry:weapon", "attack:ann:club", packDamage(8, 0)]);
    expect(who(held, "ann").stamina).toBe(20);
    expect(who(held, "ann").weapons[0]!.carried).toBe("hand");
    // The giant's 6 explodes: the longsword shatters, the blow is still parried.
    const broken = play(def, [4, "parry:weapon", "attack:ann:club", [6, 2, 3]]);
    expect(who(broken, "ann").stamina).toBe(20);
    expect(who(broken, "ann").weapons[0]!.carried).toBe("broken");
    expect(who(broken, "ann").parry).toBe("");
    expect(texts(broken)).toContain(
      "cartyrion, Parrying with a Weapon: exploding dice shatter Ann's longsword (1 of the 1 explosion it takes); this blow of 15 is still fully parried, but nothing more will be",
    );
  });

  it("Parrying with a Weapon: one more explosion for each magical plus before the weapon shatters", () => {
    const ann = {
      id: "ann",
      name: "Ann",
      stamina: 40,
      weapons: [{ weapon: "longsword", magic: 2 }],
    };
    const two = { ...giant, id: "g2", name: "Second giant" };
    const def = skirmish([ann], [giant, two]);
    // Two explosions from the first giant, one from the second: the third shatters the +2 sword.
    const e = play(def, [
      4,
      "parry:weapon",
      "giant",
      "attack:ann:club",
      [6, 6, 1, 2],
      "attack:ann:club",
      [6, 1, 1],
      1,
      "giant",
      "attack:ann:club",
      5,
    ]);
    expect(who(e, "ann").weapons[0]!.carried).toBe("broken");
    expect(texts(e)).toContain(
      "cartyrion, Parrying with a Weapon: Ann parries the blow of 19 with the longsword (2 of the 3 explosions it takes to shatter it)",
    );
    // Round 2: no parry, the blow of 5 + 4 gets through.
    expect(who(e, "ann").stamina).toBe(40 - 9);
  });

  it("Parrying with a Shield: the shield takes double damage; when destroyed, the excess gets through", () => {
    const ann = { id: "ann", name: "Ann", stamina: 30, shield: "buckler", weapons: ["longsword"] };
    const imp = { id: "imp", name: "Imp", level: 3, weapons: ["club"] };
    const def = skirmish(
      [ann],
      [imp, { ...imp, id: "imp2", name: "Second imp" }],
      {},
      { shieldArmour: false },
    );
    // The buckler takes 8: a blow of 3 costs it 6 (2 left); a blow of 5 destroys it, 1 is stopped, 4 get through.
    const e = play(def, [4, "parry:shield", "imp", "attack:ann:club", 3, "attack:ann:club", 5]);
    expect(texts(e)).toContain(
      "cartyrion, Parrying with a Shield: Ann's buckler absorbs the blow of 3, taking double (6): 2/8 left",
    );
    expect(texts(e)).toContain(
      "cartyrion, Parrying with a Shield: Ann's buckler is destroyed absorbing 1 of the blow of 5; 4 get through",
    );
    expect(who(e, "ann").stamina).toBe(26);
    expect(who(e, "ann").shield!.left).toBe(0);
    expect(who(e, "ann").parry).toBe("");
  });
});
