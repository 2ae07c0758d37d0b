import { describe, expect, it } from "vitest";
import { listActions } from "./actions.js";
import { sneakPositioned } from "./sneak-attack.js";
import { pending, play, skirmish, stateOf, texts, who } from "../test-support/play.js";

const cedryk = {
  id: "cedryk",
  name: "Cedryk",
  level: 3,
  dex: 4,
  awa: 4,
  move: 40,
  weapons: ["dagger"],
};
const janine = { id: "janine", name: "Janine", level: 3, str: 2, stamina: 20, weapons: ["mace"] };
const orc = {
  id: "orc",
  name: "Orc",
  level: 3,
  dex: 2,
  stamina: 16,
  injurySlots: 15,
  armour: "chain",
  weapons: ["club"],
};

describe("sneak attacks", () => {
  it("Sneak Attacks: no sneak attack on a target attacked in the prior round", () => {
    const def = skirmish([cedryk], [orc]);
    const e = play(def, [4, "attack:orc:dagger", 3, "wait", 4]);
    const s = stateOf(e);
    const values = listActions(s, who(s, "cedryk")).map((c) => c.value);
    expect(values).toContain("attack:orc:dagger");
    expect(values).not.toContain("sneak:orc:dagger");
    expect(sneakPositioned(s, who(s, "cedryk"), who(s, "orc"), who(s, "cedryk").weapons[0]!)).toBe(
      false,
    );
    // The chapter's test is the attacker's own attack in the prior round: the orc having attacked
    // Cedryk does not engage Cedryk with it. With sneakEngagement: "mutual" it does, either way.
    const fresh = stateOf(play(def, []));
    const [c, o] = [who(fresh, "cedryk"), who(fresh, "orc")];
    c.concealed = true;
    expect(sneakPositioned(fresh, c, o, c.weapons[0]!)).toBe(true);
    o.attackedNow.push("cedryk");
    expect(sneakPositioned(fresh, c, o, c.weapons[0]!)).toBe(true);
    fresh.switches = { ...fresh.switches, sneakEngagement: "mutual" };
    expect(sneakPositioned(fresh, c, o, c.weapons[0]!)).toBe(false);
    o.attackedNow.length = 0;
    o.attackedPrev.push("cedryk");
    expect(sneakPositioned(fresh, c, o, c.weapons[0]!)).toBe(false);
    // Either way, a sneak attack on Cedryk's own target of the prior round is not offered.
    const mutual = skirmish([cedryk], [orc], {}, { sneakEngagement: "mutual" });
    const m = stateOf(play(mutual, [4, "attack:orc:dagger", 3, "wait", 4]));
    expect(listActions(m, who(m, "cedryk")).map((x) => x.value)).not.toContain("sneak:orc:dagger");
  });

  it("Sneak Attacks: concealed at the start of the turn and within half its Move, or the target distracted", () => {
    const def = skirmish([cedryk, { ...janine, weapons: ["mace", "shortbow"] }], [orc], {
      positions: { cedryk: -15 },
    });
    const s = stateOf(play(def, []));
    const [c, j, o] = [who(s, "cedryk"), who(s, "janine"), who(s, "orc")];
    const dagger = c.weapons[0]!;
    expect(sneakPositioned(s, c, o, dagger)).toBe(false); // in the open, the orc not distracted
    c.concealed = true;
    expect(sneakPositioned(s, c, o, dagger)).toBe(true); // 20 ft away: 15 ft to close, within half of 40
    c.pos = -25;
    expect(sneakPositioned(s, c, o, dagger)).toBe(false); // 25 ft to close is more than half its Move
    c.concealed = false;
    j.attackedPrev.push("orc"); // Janine and the orc are trading blows: the orc is engaged with another
    expect(sneakPositioned(s, c, o, dagger)).toBe(true);
    j.attackedPrev.length = 0;
    o.rangedHitRound = s.round;
    o.rangedHitBy = "janine"; // just hit by another's ranged attack
    expect(sneakPositioned(s, c, o, dagger)).toBe(true);
  });

  it("Sneak Attacks: the GM may rule the positioning unmet, and it is an ordinary attack", () => {
    const def = skirmish([cedryk], [orc]);
    const e = play(def, [4, "sneak:orc:dagger"]);
    expect(pending(e)).toBe("gm:sneak-attack");
    const s = e.status;
    if (s.kind !== "pending" || s.choice.kind !== "decide") throw new Error("expected a decision");
    expect(s.choice.options.policy()).toBe(false);
    expect(s.choice.options.prompt).toBe(
      "Cedryk announces a sneak attack on Orc (Cedryk is not concealed; Orc is not engaged with anyone else). Are the positioning conditions met?",
    );
    const ordinary = play(def, [4, "sneak:orc:dagger", false, 5]);
    // An ordinary attack: 5 + 4 DEX - 2 DEX - 3 armour = 4 stamina.
    expect(who(ordinary, "orc").stamina).toBe(12);
    expect(who(ordinary, "orc").injuries).toBe(0);
  });

  it("Sneak Attacks: with a power weapon there is no AWA check and armour always counts", () => {
    const brute = { ...cedryk, str: 3, weapons: ["club"] };
    const f = play(skirmish([brute], [orc], { concealed: ["cedryk"] }), [
      4,
      "sneak:orc:club",
      true,
      7,
    ]);
    expect(texts(f).some((t) => t.includes("AWA check"))).toBe(false);
    expect(texts(f)).toContain(
      "cartyrion, Sneak Attacks: Cedryk rolls 2d6! with the club: 7, +3 STR = 10; less Orc's 3 (DEX never counts against a sneak attack, armour 3) = 7",
    );
    expect(who(f, "orc").injuries).toBe(7);
  });

  it("Sneak Attacks: the target's DEX never counts and the damage is Direct Damage", () => {
    const e = play(skirmish([cedryk], [{ ...orc, dex: 5 }], { concealed: ["cedryk"] }), [
      4,
      "sneak:orc:dagger",
      true,
      2,
      5,
    ]);
    // AWA check 2 + 4 fails against DC 13: armour counts, DEX does not: 5 + 4 - 3 = 6 Direct Damage.
    expect(who(e, "orc").injuries).toBe(6);
    expect(who(e, "orc").stamina).toBe(16);
  });

  it("Sneak Attacks: concealment needs cover and a DEX check, moving hidden another, and attacking ends it", () => {
    const def = skirmish([cedryk], [orc], { distance: 60 });
    expect(texts(play(def, [4, "hide", false]))).toContain(
      "cartyrion, Sneak Attacks: there is nowhere for Cedryk to hide",
    );
    const failed = play(def, [4, "hide", true, 15, 10]);
    expect(who(failed, "cedryk").concealed).toBe(false);
    const hidden = play(def, [4, "hide", true, 12, 10]);
    expect(who(hidden, "cedryk").concealed).toBe(true);
    // A concealed combatant cannot be attacked.
    const s = stateOf(hidden);
    expect(listActions(s, who(s, "orc")).some((c) => c.value.includes(":cedryk"))).toBe(false);
    // Moving while hidden: another DEX check; failing it reveals him.
    const seen = play(def, [4, "hide", true, 12, 10, "wait", 4, "advance:orc", 12, 3]);
    expect(who(seen, "cedryk").concealed).toBe(false);
    expect(who(seen, "cedryk").pos).toBe(40);
    const unseen = play(def, [4, "hide", true, 12, 10, "wait", 4, "advance:orc", 12, 9]);
    expect(who(unseen, "cedryk").concealed).toBe(true);
  });

  // Sneak Attacks: the attacker must be "concealed from the target at the beginning of the
  // attacker's turn"; a foe that has found it beside it and struck it is not concealed from.
  it("Sneak Attacks: a concealed combatant that a foe finds beside it and attacks is no longer concealed", () => {
    const def = skirmish([cedryk], [orc], { concealed: ["cedryk"] });
    const e = play(def, [1, "attack:cedryk:club", 5]);
    expect(who(e, "cedryk").concealed).toBe(false);
    expect(texts(e)).toContain(
      "cartyrion, Sneak Attacks: Orc has found Cedryk: it is no longer concealed",
    );
    const s = stateOf(e);
    const [c, o] = [who(s, "cedryk"), who(s, "orc")];
    expect(sneakPositioned(s, c, o, c.weapons[0]!)).toBe(false);
    // Unfound, 5 ft from the orc that has not attacked him, he would strike from concealment.
    const hidden = stateOf(play(def, []));
    const [hc, ho] = [who(hidden, "cedryk"), who(hidden, "orc")];
    expect(sneakPositioned(hidden, hc, ho, hc.weapons[0]!)).toBe(true);
  });

  it("Sneak Attacks: not a Power Attack, and leftover movement does not conceal", () => {
    const archer = { ...cedryk, weapons: ["shortbow"] };
    const def = skirmish([archer], [orc], { distance: 20, concealed: ["cedryk"] });
    const s = stateOf(play(def, []));
    const values = listActions(s, who(s, "cedryk")).map((c) => c.value);
    expect(values.filter((v) => v.startsWith("sneak:orc:shortbow"))).toEqual([
      "sneak:orc:shortbow",
      "sneak:orc:shortbow/back",
    ]);
    expect(values.some((v) => v.startsWith("power") && v.includes("sneak"))).toBe(false);
    const e = play(def, [4, "sneak:orc:shortbow/back", true, 15, 3, 2]);
    expect(who(e, "cedryk").concealed).toBe(false);
    expect(who(e, "cedryk").pos).toBe(-40);
    expect(who(e, "orc").injuries).toBe(3 + 4);
  });
});
