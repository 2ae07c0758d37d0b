import { describe, expect, it } from "vitest";
import { playToEnd } from "../../../engine/autoplay.js";
import { parseExchangeFile } from "../../../engine/encounter-file.js";
import { exchangeOdds } from "../../../engine/exchange.js";
import { choicesAt } from "../../../engine/test-support/scripted.js";
import { listActions } from "./actions.js";
import { sneakPositioned } from "./sneak-attack.js";
import {
  loadEncounter,
  pending,
  play,
  registry,
  skirmish,
  stateOf,
  texts,
  who,
} from "../test-support/play.js";

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
  });

  it("Sneak Attacks: the attacker cannot already be engaged in combat with the target: not on a foe that attacked it in the prior round or earlier this one", () => {
    // The orc attacks Janine in round 1; in round 2 Cedryk trades blows with the orc (it is
    // distracted), but Janine and the orc are already engaged in combat: no sneak attack for her.
    const def = skirmish([{ ...janine, stamina: 30 }, cedryk], [orc]);
    const e = play(def, [1, "attack:janine:club", 3, "janine", "wait", "wait", 4]);
    expect(pending(e)).toBe("party:next");
    const s = stateOf(e);
    const [j, c, o] = [who(s, "janine"), who(s, "cedryk"), who(s, "orc")];
    c.attackedPrev.push("orc");
    expect(listActions(s, j).map((x) => x.value)).not.toContain("sneak:orc:mace");
    expect(sneakPositioned(s, j, o, j.weapons[0]!)).toBe(false);
    expect(sneakPositioned(s, c, o, c.weapons[0]!)).toBe(false);
    // A foe that has not fought the attacker may be sneak attacked; one that attacked it earlier
    // in this round may not.
    const fresh = stateOf(play(def, []));
    const [fc, fo] = [who(fresh, "cedryk"), who(fresh, "orc")];
    fc.concealed = true;
    expect(sneakPositioned(fresh, fc, fo, fc.weapons[0]!)).toBe(true);
    fo.attackedNow.push("cedryk");
    expect(sneakPositioned(fresh, fc, fo, fc.weapons[0]!)).toBe(false);
  });

  it("Sneak Attacks: in the warehouse the half-orc attacks Janine first: already engaged in combat with it, she is offered an attack on it but no sneak attack, then or later", () => {
    // The toughs act first (initiative 1) and the half-orc's blow is scripted (his tactic may
    // open with a parry: action-policy.ts, parryPays); the dice of seed 1 from there.
    const e = play(loadEncounter("cedryk-in-the-warehouse.yaml"), [
      1,
      "half-orc",
      "attack:janine:battleaxe",
    ]);
    const decisions = () =>
      e.log.flatMap((a) => (a.kind === "decide" ? [`${a.actor} ${String(a.value)}`] : []));
    const offered = choicesAt(e, 1, "janine", "action").map((c) => String(c.value));
    expect(decisions()).toContain("half-orc attack:janine:battleaxe");
    expect(offered).toContain("attack:half-orc:mace");
    expect(offered.filter((v) => v.startsWith("sneak:half-orc"))).toEqual([]);
    playToEnd(e, 1);
    expect(decisions().filter((d) => d.startsWith("janine sneak:half-orc"))).toEqual([]);
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

  it("Sneak Attacks: the attacker must be within half its movement range of the target before leaving concealment, a shooter too", () => {
    const archer = { ...cedryk, weapons: ["shortbow"] };
    const far = stateOf(
      play(skirmish([archer], [orc], { distance: 50, concealed: ["cedryk"] }), []),
    );
    const [a, o] = [who(far, "cedryk"), who(far, "orc")];
    expect(sneakPositioned(far, a, o, a.weapons[0]!)).toBe(false); // 50 ft: more than 20
    a.pos = 30;
    expect(sneakPositioned(far, a, o, a.weapons[0]!)).toBe(true); // 20 ft: half of its Move 40
    // The GM's default ruling on a hidden archer's sneak attack from 50 ft is an ordinary shot.
    const exchange = (distance: number) =>
      exchangeOdds(
        parseExchangeFile(
          {
            ruleset: "cartyrion",
            attacker: { ...archer, stamina: 20 },
            defender: orc,
            situation: { attack: "sneak", distance },
          },
          registry,
          "test.yaml",
        ),
      );
    const ordinary = exchangeOdds(
      parseExchangeFile(
        {
          ruleset: "cartyrion",
          attacker: { ...archer, stamina: 20 },
          defender: orc,
          situation: { attack: "normal", distance: 50, attackerConcealed: true },
        },
        registry,
        "test.yaml",
      ),
    );
    expect(exchange(50).damage.mean()).toBeCloseTo(ordinary.damage.mean(), 12);
    expect(exchange(20).damage.mean()).toBeGreaterThan(ordinary.damage.mean() + 1);
  });

  it("Sneak Attacks: the GM may rule the positioning unmet, and it is an ordinary attack", () => {
    const def = skirmish([cedryk], [orc]);
    const e = play(def, [4, "sneak:orc:dagger"]);
    expect(pending(e)).toBe("gm:sneak-attack");
    const s = e.status;
    if (s.kind !== "pending" || s.choice.kind !== "decide") throw new Error("expected a decision");
    expect(e.tacticAnswer).toBe(false);
    expect(s.choice.options.prompt).toBe(
      "Cedryk announces a sneak attack on Orc (Cedryk is not concealed; Orc is not engaged with anyone else). Are the positioning conditions met?",
    );
    const ordinary = play(def, [4, "sneak:orc:dagger", false, 5]);
    // An ordinary attack: 5 + 4 DEX - 2 DEX - 3 armour = 4 stamina.
    expect(who(ordinary, "orc").stamina).toBe(12);
    expect(who(ordinary, "orc").injuries).toBe(0);
  });

  it("Sneak Attacks: with a finesse or ranged weapon an AWA check against DC 10 + the target's armour points: success ignores the armour, failure applies it", () => {
    // The orc's chain: 3 armour points, DC 13. Cedryk's AWA +4: 9 succeeds, 8 fails.
    const def = skirmish([cedryk], [orc], { concealed: ["cedryk"] });
    const hit = (awa: number) => who(play(def, [4, "sneak:orc:dagger", true, awa, 5]), "orc");
    expect(hit(9).injuries).toBe(5 + 4);
    expect(hit(8).injuries).toBe(5 + 4 - 3);
    expect(texts(play(def, [4, "sneak:orc:dagger", true, 9, 5]))).toContain(
      "cartyrion, Sneak Attacks: Cedryk's AWA check for the weak spot: 9 + 4 = 13 against DC 13: success",
    );
    const archer = skirmish([{ ...cedryk, weapons: ["shortbow"] }], [orc], {
      distance: 15,
      concealed: ["cedryk"],
    });
    expect(who(play(archer, [4, "sneak:orc:shortbow", true, 8, 5]), "orc").injuries).toBe(
      5 + 4 - 3,
    );
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

  it("Sneak Attacks: the attacker's appropriate bonus: DEX for a finesse weapon (even with a better STR), STR for a power weapon, AWA for a ranged one", () => {
    const strong = { ...cedryk, str: 3, dex: 1, awa: 2 };
    const sneakWith = (weapon: string, distance: number) =>
      texts(
        play(
          skirmish([{ ...strong, weapons: [weapon] }], [{ ...orc, armour: "none" }], {
            distance,
            concealed: ["cedryk"],
          }),
          [4, `sneak:orc:${weapon}`, true, ...(weapon === "club" ? [] : [15]), 5],
        ),
      ).find((t) => t.startsWith("cartyrion, Sneak Attacks: Cedryk rolls"));
    expect(sneakWith("dagger", 5)).toBe(
      "cartyrion, Sneak Attacks: Cedryk rolls 2d4! with the dagger: 5, +1 DEX = 6; less Orc's 0 (DEX never counts against a sneak attack, armour bypassed) = 6",
    );
    expect(sneakWith("club", 5)).toBe(
      "cartyrion, Sneak Attacks: Cedryk rolls 2d6! with the club: 5, +3 STR = 8; less Orc's 0 (DEX never counts against a sneak attack, armour 0) = 8",
    );
    expect(sneakWith("shortbow", 15)).toBe(
      "cartyrion, Sneak Attacks: Cedryk rolls 2d6! with the shortbow: 5, +2 AWA = 7; less Orc's 0 (DEX never counts against a sneak attack, armour bypassed) = 7",
    );
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
    // A DC of 0: no check, said of a person as of a beast (never "conceals itself").
    const unchecked = play(def, [4, "hide", true, 0]);
    expect(who(unchecked, "cedryk").concealed).toBe(true);
    expect(texts(unchecked)).toContain("cartyrion, Sneak Attacks: Cedryk hides: no check needed");
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
