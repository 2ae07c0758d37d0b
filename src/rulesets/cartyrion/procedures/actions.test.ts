import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { actionText, listActions, parseAction, VERBS } from "./actions.js";
import { pending, play, skirmish, stateOf, texts, who } from "../test-support/play.js";

describe("actions", () => {
  it("a choice reads as the table says it: with the longsword +1, or unarmed", () => {
    const def = skirmish(
      [{ id: "ann", name: "Ann", weapons: [{ weapon: "longsword", magic: 1 }] }],
      [{ id: "bob", name: "Bob", weapons: ["club"] }],
    );
    const s = stateOf(play(def, []));
    const labels = new Map(listActions(s, who(s, "ann")).map((c) => [c.value, c.label]));
    expect(labels.get("attack:bob:longsword")).toBe("attack Bob with the longsword +1");
    expect(labels.get("attack:bob:unarmed")).toBe("attack Bob unarmed");
    expect(labels.get("power:bob:longsword")).toBe(
      "Power Attack Bob with the longsword +1 (double dice; the weapon breaks)",
    );
    const punched = play(def, [4, "attack:bob:unarmed", 3]);
    expect(texts(punched).some((t) => t.includes("Ann rolls 1d4! unarmed: 3"))).toBe(true);
  });

  it("Power Attacks: the weapon breaks, so bare hands make none unless the switch naturalPowerAttack allows it", () => {
    const ann = { id: "ann", name: "Ann", level: 3, weapons: ["longsword"] };
    const bob = { id: "bob", name: "Bob", stamina: 40, weapons: ["club"] };
    const plain = stateOf(play(skirmish([ann], [bob]), []));
    const values = listActions(plain, who(plain, "ann")).map((c) => c.value);
    expect(values).toContain("power:bob:longsword");
    expect(values).not.toContain("power:bob:unarmed");
    expect(() => play(skirmish([ann], [bob]), [4, "power:bob:unarmed"])).toThrow(
      /"power:bob:unarmed" is not one of the options/,
    );
    const allowed = skirmish([ann], [bob], {}, { naturalPowerAttack: true });
    const s = stateOf(play(allowed, []));
    const labels = new Map(listActions(s, who(s, "ann")).map((c) => [c.value, c.label]));
    // Bare hands do not break: they are left unusable; the warning stays on "then step back".
    expect(labels.get("power:bob:unarmed")).toBe(
      "Power Attack Bob unarmed (double dice; unusable afterwards)",
    );
    expect(labels.get("power:bob:longsword/back")).toBe(
      "Power Attack Bob with the longsword (double dice; the weapon breaks), then step back",
    );
    const broke = play(allowed, [4, "power:bob:unarmed", 10]);
    expect(
      texts(broke).some((t) => t.includes("Ann makes a Power Attack and rolls 4d4! unarmed: 10")),
    ).toBe(true);
    expect(stateOf(broke).combatants[0]!.weapons.find((w) => w.id === "unarmed")!.carried).toBe(
      "broken",
    );
  });

  it("the action list offers what the combatant can do now", () => {
    const def = skirmish(
      [
        {
          id: "ann",
          name: "Ann",
          shield: "buckler",
          weapons: ["longsword", { weapon: "crossbow" }, { weapon: "dagger", carried: "pack" }],
        },
      ],
      [{ id: "bob", name: "Bob", weapons: ["club"] }],
    );
    const e = play(def, []);
    const s = stateOf(e);
    const values = listActions(s, who(s, "ann")).map((c) => c.value);
    expect(values).toEqual(
      expect.arrayContaining([
        "attack:bob:longsword",
        "power:bob:longsword",
        "sneak:bob:longsword",
        "attack:bob:crossbow",
        "attack:bob:unarmed",
        "grapple:bob",
        "aim:bob",
        "parry:weapon",
        "parry:shield",
        "hide",
        "withdraw",
        "dash:away",
        "leap:away",
        "sheath",
        "retrieve:dagger",
        "other",
        "wait",
      ]),
    );
    // Bob is adjacent: no charge, no advance; no reload while the crossbow is loaded.
    expect(
      values.filter(
        (v) => v.startsWith("charge") || v.startsWith("advance") || v.startsWith("reload"),
      ),
    ).toEqual([]);
  });

  it("Actions: the common actions besides attacks, Leap, Dash, Grapple, Charge, Reload, Take Aim, Sheath a Weapon and Retrieve an Item, are each offered when possible", () => {
    const ann = {
      id: "ann",
      name: "Ann",
      weapons: ["longsword", "crossbow", { weapon: "dagger", carried: "pack" }],
    };
    const def = skirmish([ann], [{ id: "bob", name: "Bob", stamina: 40, weapons: ["club"] }], {
      distance: 60,
    });
    const start = stateOf(play(def, []));
    expect(listActions(start, who(start, "ann")).map((c) => c.value)).toEqual(
      expect.arrayContaining([
        "leap:bob",
        "dash:bob",
        "charge:bob:longsword",
        "aim:bob",
        "sheath",
        "retrieve:dagger",
      ]),
    );
    const shot = stateOf(play(def, [4, "attack:bob:crossbow", 3, 1, "wait", 4]));
    expect(listActions(shot, who(shot, "ann")).map((c) => c.value)).toContain("reload:crossbow");
    const near = stateOf(
      play(skirmish([ann], [{ id: "bob", name: "Bob", weapons: ["club"] }]), []),
    );
    expect(listActions(near, who(near, "ann")).map((c) => c.value)).toContain("grapple:bob");
  });

  it("Combat - Attack Actions: the attacker's Stamina Drain is the chapter's for ranged attacks only: a melee blow or a spell costs nothing", () => {
    const def = skirmish(
      [
        {
          id: "ann",
          name: "Ann",
          level: 5,
          stamina: 12,
          weapons: ["longsword"],
          spells: [{ name: "Fire Bolt", die: 6, range: 60 }],
        },
      ],
      [{ id: "bob", name: "Bob", stamina: 40, weapons: ["club"] }],
    );
    const struck = play(def, [4, "attack:bob:longsword", 9]);
    expect(who(struck, "bob").stamina).toBe(31);
    expect(who(struck, "ann").stamina).toBe(12);
    const cast = play(def, [4, "cast:bob:fire-bolt", 9]);
    expect(who(cast, "bob").stamina).toBe(31);
    expect(who(cast, "ann").stamina).toBe(12);
  });

  it("the action grammar reads back what it writes", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VERBS),
        fc.stringMatching(/^[a-z0-9-]{0,8}$/),
        fc.stringMatching(/^[a-z0-9-]{0,8}$/),
        fc.boolean(),
        (verb, target, item, back) => {
          const text = actionText(verb, target, target === "" ? "" : item, back);
          expect(parseAction(text)).toEqual({
            verb,
            target,
            item: target === "" ? "" : item,
            back,
          });
          expect(actionText(verb, target, target === "" ? "" : item, back)).toBe(text);
        },
      ),
    );
    expect(parseAction("fly:away")).toBeNull();
    expect(parseAction("attack:a:b:c")).toBeNull();
  });

  it("Actions: a ready weapon is drawn and used in one action, dropping what was in hand", () => {
    const def = skirmish(
      [{ id: "ann", name: "Ann", weapons: ["longsword", "mace"] }],
      [{ id: "bob", name: "Bob", stamina: 30, weapons: ["club"] }],
    );
    const e = play(def, [4, "attack:bob:mace", 3]);
    expect(texts(e)).toContain(
      "cartyrion, Actions: Ann drops the longsword and draws the mace as part of the action",
    );
    const ann = who(e, "ann");
    expect(ann.weapons.map((w) => [w.id, w.carried])).toEqual([
      ["longsword", "ground"],
      ["mace", "hand"],
      ["unarmed", "ready"],
    ]);
    expect(who(e, "bob").stamina).toBe(30 - 3);
  });

  it("Actions: sheathing a weapon and retrieving one from the pack each take an action", () => {
    const def = skirmish(
      [{ id: "ann", name: "Ann", weapons: ["longsword", { weapon: "dagger", carried: "pack" }] }],
      [{ id: "bob", name: "Bob", weapons: ["club"] }],
      { distance: 200 },
    );
    const e = play(def, [4, "sheath", "wait", 4, "retrieve:dagger", "wait"]);
    expect(texts(e)).toContain(
      "cartyrion, Actions: Ann sheathes the longsword (an action of its own)",
    );
    expect(texts(e)).toContain("cartyrion, Actions: Ann retrieves the dagger: it is ready to draw");
    expect(who(e, "ann").weapons.map((w) => w.carried)).toEqual(["ready", "ready", "ready"]);
  });

  it("Actions: a crossbow must be reloaded before it shoots again", () => {
    const def = skirmish(
      [{ id: "ann", name: "Ann", awa: 1, weapons: ["crossbow"] }],
      [{ id: "bob", name: "Bob", stamina: 40, weapons: ["club"] }],
      { distance: 40 },
    );
    const e = play(def, [4, "attack:bob:crossbow", 3, 1, "wait", 4]);
    const s = stateOf(e);
    const values = listActions(s, who(s, "ann")).map((c) => c.value);
    expect(values).toContain("reload:crossbow");
    expect(values).not.toContain("attack:bob:crossbow");
    const after = play(def, [
      4,
      "attack:bob:crossbow",
      3,
      1,
      "wait",
      4,
      "reload:crossbow",
      "wait",
      4,
    ]);
    expect(listActions(stateOf(after), who(after, "ann")).map((c) => c.value)).toContain(
      "attack:bob:crossbow",
    );
  });

  it("Actions: taking aim, grappling and anything else are ruled on by the GM", () => {
    const def = skirmish(
      [{ id: "ann", name: "Ann", awa: 2, weapons: ["shortbow"] }],
      [{ id: "bob", name: "Bob", dex: 3, str: 2, stamina: 40, weapons: ["club"] }],
      { distance: 40 },
    );
    // Take Aim: by default the target's DEX will not count against the aimed shot.
    const aimed = play(def, [4, "aim:bob", "dex", "wait", 4, "attack:bob:shortbow", 4, 1]);
    expect(texts(aimed)).toContain(
      "cartyrion, Actions: Ann took aim: Bob's DEX bonus does not count",
    );
    expect(who(aimed, "bob").injuries).toBe(4 + 2);
    // Grapple: opposed STR checks by default (ties to the defender).
    const near = skirmish(
      [{ id: "ann", name: "Ann", str: 1, weapons: ["dagger"] }],
      [{ id: "bob", name: "Bob", str: 2, weapons: ["club"] }],
    );
    const g = play(near, [4, "grapple:bob", "contest", 12, 10]);
    expect(texts(g)).toContain(
      "cartyrion, Actions: opposed STR checks: Ann 12 + 1 = 13 against Bob 10 + 2 = 12: Ann wins",
    );
    expect(who(g, "bob").heldBy).toBe("ann");
    // Anything else: the GM says what it does.
    const other = play(near, [4, "other", "direct:bob:3"]);
    expect(who(other, "bob").injuries).toBe(3);
    expect(pending(other)).toBe("bob:action");
  });

  it("Actions: a charge moves further and attacks, as far as the GM rules", () => {
    const def = skirmish(
      [{ id: "ann", name: "Ann", str: 2, move: 30, weapons: ["longsword"] }],
      [{ id: "bob", name: "Bob", stamina: 30, weapons: ["club"] }],
      { distance: 50 },
    );
    const e = play(def, [4, "charge:bob:longsword", 30, 4]);
    expect(texts(e)).toContain("cartyrion, Movement: Ann charges Bob: 45 ft (now at 45 ft)");
    expect(who(e, "bob").stamina).toBe(30 - 6);
    const short = play(def, [4, "charge:bob:longsword", 5]);
    expect(texts(short)).toContain(
      "cartyrion, Movement: Bob is out of reach: Ann's attack does not happen",
    );
  });

  it("Actions: casting a spell takes the action; an attack spell rolls its die times the Damage Dice Multiplier", () => {
    const def = skirmish(
      [
        {
          id: "mage",
          name: "Mage",
          level: 5,
          spells: [{ name: "Fire Bolt", die: 6, range: 60 }, { name: "Sleep" }],
        },
      ],
      [{ id: "bob", name: "Bob", dex: 1, stamina: 30, armour: "leather", weapons: ["club"] }],
      { distance: 40 },
    );
    const e = play(def, [4, "cast:bob:fire-bolt", 10]);
    expect(texts(e)).toContain(
      "cartyrion, Damage Dice: Mage casts Fire Bolt: 3d6! = 10, less Bob's 2 (DEX 1, armour 1) = 8",
    );
    expect(who(e, "bob").stamina).toBe(22);
    expect(who(e, "mage").spells[0]!.uses).toBe(0);
    const sleep = play(def, [4, "cast:bob:sleep", "out:bob"]);
    expect(who(sleep, "bob").status).toBe("down");
    expect(sleep.status.kind).toBe("over");
  });
});
