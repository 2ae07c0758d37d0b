// The options that name a side or a combatant say so in their JSON Schemas, for every ruleset
// that has such options: the console's builder offers the encounter's own sides and combatants.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { rulesets } from "./index.js";
import { ID_KEYWORD, idOf } from "../engine/encounter-ids.js";

const marks = (ruleset: string) => {
  const json = z.toJSONSchema(rulesets[ruleset]!.encounterOptionsSchema, {
    io: "input",
    unrepresentable: "any",
  });
  return JSON.stringify(json);
};

describe("ids of sides and combatants", () => {
  it("are text, marked as a side's or a combatant's in JSON Schema", () => {
    expect(idOf("side", "party is a side id").parse("party")).toBe("party");
    expect(() => idOf("side", "party is a side id").parse(3)).toThrow("party is a side id");
    expect(z.toJSONSchema(idOf("combatant", "x"))).toMatchObject({
      type: "string",
      [ID_KEYWORD]: "combatant",
    });
  });

  it("mark the options that name them: the party, an ambusher, positions, the surprised", () => {
    const sides = (r: string) => marks(r).match(/"x-fray-id":"side"/g)?.length ?? 0;
    const fighters = (r: string) => marks(r).match(/"x-fray-id":"combatant"/g)?.length ?? 0;
    expect([sides("cartyrion"), fighters("cartyrion")]).toEqual([1, 2]);
    expect([sides("dungeons-of-olde"), fighters("dungeons-of-olde")]).toEqual([1, 2]);
    expect([sides("swords-wizardry-fitz"), fighters("swords-wizardry-fitz")]).toEqual([1, 4]);
  });
});
