import { describe, expect, it } from "vitest";
import { tacticsJson } from "../../src/app/ruleset-json.js";
import { rulesets } from "../../src/app/rulesets.js";
import { sentence } from "../../src/core/sentence.js";
import {
  combatantQuestions,
  commonProfile,
  offeredProfiles,
  overridesOf,
  pickedTactics,
  playedText,
  profileDescription,
  profileOf,
  tacticsChoice,
  tacticsText,
  withOverride,
} from "./tactics.js";

describe("a combatant's tactics as the console edits them", () => {
  it("reads a file's choice: a name, or a profile with per-question overrides", () => {
    expect(profileOf(undefined)).toBe("default");
    expect(profileOf("reckless")).toBe("reckless");
    expect(profileOf({ questions: { action: "cautious" } })).toBe("default");
    expect(overridesOf({ profile: "reckless", questions: { action: "cautious" } })).toEqual({
      action: "cautious",
    });
    expect(overridesOf("reckless")).toEqual({});
  });

  it("writes it as short as a file would: nothing for the default, a name, or both", () => {
    expect(tacticsChoice("default")).toBeUndefined();
    expect(tacticsChoice("reckless")).toBe("reckless");
    expect(tacticsChoice("default", { action: "reckless" })).toEqual({
      questions: { action: "reckless" },
    });
    expect(tacticsChoice("cautious", { action: "reckless" })).toEqual({
      profile: "cautious",
      questions: { action: "reckless" },
    });
  });

  it("sets one question's override, or gives it back to the profile", () => {
    const set = withOverride({}, "action", "reckless");
    expect(set).toEqual({ action: "reckless" });
    expect(withOverride({ ...set, next: "cautious" }, "action", "")).toEqual({ next: "cautious" });
  });

  it("says a choice in a line", () => {
    expect(tacticsText(undefined)).toBe("default");
    expect(
      tacticsText({ profile: "cautious", questions: { action: "reckless", next: "default" } }),
    ).toBe("cautious; action: reckless, next: default");
  });

  it("offers the ruleset's profiles but the search, unless a combatant already plays it", () => {
    const tactics = {
      profiles: [
        { name: "default", description: "d" },
        { name: "reckless", description: "r" },
        { name: "search", description: "s" },
      ],
      questions: [],
    };
    expect(offeredProfiles(tactics, "reckless").map((p) => p.name)).toEqual([
      "default",
      "reckless",
    ]);
    expect(offeredProfiles(tactics, "search").map((p) => p.name)).toEqual([
      "default",
      "reckless",
      "search",
    ]);
  });

  it("finds a profile's line in the ruleset's", () => {
    const tactics = {
      profiles: [{ name: "reckless", description: "fights to the death: never withdraws" }],
      questions: [],
    };
    expect(profileDescription(tactics, "reckless")).toBe("fights to the death: never withdraws");
    expect(profileDescription(tactics, "brave")).toBe("");
  });
});

describe("the questions a combatant's tactics answer", () => {
  it("are its own decisions, with what they ask: not the GM's rulings nor its side's turn order", () => {
    const cartyrionQuestions = combatantQuestions(tacticsJson(rulesets.cartyrion!.tactics));
    expect(cartyrionQuestions.map((q) => q.question)).toEqual(["action"]);
    expect(sentence(cartyrionQuestions[0]!.description)).toMatch(/^What it does on its turn: /);
    // tnt asks the GM two questions of thirteen; swords-wizardry-fitz eleven of seventeen.
    expect(combatantQuestions(tacticsJson(rulesets.tnt!.tactics))).toHaveLength(11);
    expect(
      combatantQuestions(tacticsJson(rulesets["swords-wizardry-fitz"]!.tactics)).map(
        (q) => q.question,
      ),
    ).toEqual(["plan", "target", "bcb", "action", "fend", "subdue"]);
  });
});

describe("a side's tactics", () => {
  it("is the profile all its combatants play, or none when they differ", () => {
    const tactics = {
      a: "reckless",
      b: "reckless",
      c: "default",
      d: { profile: "reckless", questions: { action: "cautious" } },
    };
    expect(commonProfile(tactics, ["a", "b"])).toBe("reckless");
    expect(commonProfile(tactics, ["a", "c"])).toBe("");
    expect(commonProfile(tactics, ["d"])).toBe("");
    expect(commonProfile(tactics, [])).toBe("");
  });
});

describe("a simulation's tactics", () => {
  it("leaves out the sides and combatants left as the encounter has them", () => {
    expect(pickedTactics({ goblins: "reckless", party: "", bram: "cautious" })).toEqual({
      goblins: "reckless",
      bram: "cautious",
    });
  });

  it("says what each side played: one profile for a side that played one, else each combatant's", () => {
    const sides = [
      { id: "party", name: "The party" },
      { id: "goblins", name: "The goblins" },
    ];
    const combatants = [
      { id: "janine", name: "Janine", side: "party" },
      { id: "bram", name: "Bram", side: "party" },
      { id: "goblin-1", name: "Goblin 1", side: "goblins" },
      { id: "boss", name: "Goblin boss", side: "goblins" },
    ];
    expect(
      playedText(sides, combatants, {
        janine: "default",
        bram: "cautious",
        "goblin-1": "reckless",
        boss: "reckless",
      }),
    ).toEqual(["The party: Janine default, Bram cautious", "The goblins: reckless"]);
  });
});
