import { describe, expect, it } from "vitest";
import {
  copiedTexts,
  DEFAULT_SIDES,
  defaultSwitches,
  draftFile,
  placeOf,
  switchBox,
  type Draft,
} from "./encounter-draft.js";
import { statFields } from "./late-arrival.js";
import type { SwitchJson } from "./types.js";

const STATS = {
  type: "object",
  properties: {
    hitPoints: { type: "integer", title: "Hit points" },
    weapon: { type: "string", enum: ["club", "dagger"], title: "Weapon" },
    gear: { type: "array", title: "Gear" },
  },
};
const fields = statFields(STATS);
const provenance = { source: "default" as const, ref: "a guess" };
const SWITCHES: SwitchJson[] = [
  {
    key: "grapple",
    description: "who may grapple",
    default: "all",
    provenance,
    schema: { type: "string", enum: ["all", "small"] },
  },
  {
    key: "fumbles",
    description: "fumbles",
    default: false,
    provenance,
    schema: { type: "boolean" },
  },
];

const draft = (over: Partial<Draft> = {}): Draft => ({
  ruleset: "tnt",
  title: "A duel",
  seed: "7",
  sides: DEFAULT_SIDES,
  combatants: [
    { key: 1, texts: { id: "pip", name: "Pip", side: "party", hitPoints: "18", weapon: "dagger" } },
    { key: 2, texts: { id: "orc", name: "Orc", side: "foes", hitPoints: "20", gear: '["rope"]' } },
  ],
  switches: defaultSwitches(SWITCHES),
  ...over,
});

describe("the encounter builder's draft", () => {
  it("gives the encounter file, the switches at their defaults left out", () => {
    expect(draftFile(draft(), fields, SWITCHES)).toEqual({
      kind: "file",
      file: {
        ruleset: "tnt",
        title: "A duel",
        seed: 7,
        sides: [
          { id: "party", name: "The party" },
          { id: "foes", name: "The foes" },
        ],
        combatants: [
          { id: "pip", name: "Pip", side: "party", hitPoints: 18, weapon: "dagger" },
          { id: "orc", name: "Orc", side: "foes", hitPoints: 20, gear: ["rope"] },
        ],
      },
    });
    const changed = draftFile(
      draft({ switches: { grapple: "small", fumbles: "yes" }, seed: "", title: " " }),
      fields,
      SWITCHES,
    );
    expect(changed.kind === "file" && changed.file).toMatchObject({
      switches: { grapple: "small", fumbles: true },
    });
    expect(changed.kind === "file" && Object.keys(changed.file)).not.toContain("seed");
    expect(changed.kind === "file" && Object.keys(changed.file)).not.toContain("title");
  });

  it("names the box whose text is not JSON", () => {
    const broken = draft();
    const orc = broken.combatants[1]!;
    expect(
      draftFile(
        {
          ...broken,
          combatants: [broken.combatants[0]!, { ...orc, texts: { ...orc.texts, gear: "[rope" } }],
        },
        fields,
        SWITCHES,
      ),
    ).toEqual({
      kind: "refused",
      place: { kind: "combatant", index: 1, key: "gear" },
      message: "Gear: not JSON ([rope)",
    });
  });

  it("reads which box a refusal names", () => {
    expect(placeOf("file: combatants[1].weapons[0].weapon")).toEqual({
      kind: "combatant",
      index: 1,
      key: "weapons",
    });
    expect(placeOf("file: combatants[0]")).toEqual({ kind: "combatant", index: 0, key: "" });
    expect(placeOf("file: switches.grapple")).toEqual({ kind: "switch", key: "grapple" });
    expect(placeOf("file: combatants")).toEqual({ kind: "file", key: "combatants" });
    expect(placeOf("file: seed")).toEqual({ kind: "file", key: "seed" });
    expect(placeOf(undefined)).toEqual({ kind: "file", key: "" });
  });

  it("copies a stat block with an id not yet taken", () => {
    const block = { id: "orc", name: "Orc", side: "x", hitPoints: 20, gear: ["rope"] };
    expect(copiedTexts(block, fields, "foes", [])).toEqual({
      id: "orc",
      name: "Orc",
      side: "foes",
      hitPoints: "20",
      gear: '["rope"]',
    });
    expect(copiedTexts(block, fields, "foes", ["orc", "orc-2"])).toMatchObject({
      id: "orc-3",
      name: "Orc 3",
    });
  });

  it("draws a switch's box from its schema", () => {
    expect(switchBox({ enum: ["a", "b"] })).toEqual({ kind: "choice", choices: ["a", "b"] });
    expect(switchBox({ type: "boolean" })).toEqual({ kind: "yes-no" });
    expect(switchBox({ type: "integer" })).toEqual({ kind: "number" });
    expect(switchBox({ type: "object" })).toEqual({ kind: "json" });
    expect(defaultSwitches(SWITCHES)).toEqual({ grapple: "all", fumbles: "no" });
  });
});
