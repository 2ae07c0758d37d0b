import { describe, expect, it } from "vitest";
import { wordOf, wordsOf } from "./name-word.js";

describe("a fight's names as words of their own", () => {
  it("finds one name whole, not inside another word", () => {
    expect(wordOf("Oswin", "u").test("Oswin's attack scores 22")).toBe(true);
    expect(wordOf("Oswin", "u").test("Oswinson attacks")).toBe(false);
  });

  it("finds any of several at once, the longest where two start together, a name's digits its own", () => {
    const any = wordsOf(["Orc", "Orc 3", "Orc 30", "orc3", "Orc"], "giu")!;
    const found = (text: string) => [...text.matchAll(any)].map((m) => [m.index, m[0]]);
    expect(found("Orc 3 hits Orc 30, then ORC attacks orc3")).toEqual([
      [0, "Orc 3"],
      [11, "Orc 30"],
      [24, "ORC"],
      [36, "orc3"],
    ]);
    // "Orc 3x" is no name of the list: the Orc in it is.
    expect(found("Orc 3x and Orcs")).toEqual([[0, "Orc"]]);
    // Characters that mean something to a regular expression are read as written.
    expect(wordsOf(["Hob (the elder)"], "u")!.test("Hob (the elder) waits")).toBe(true);
    expect(wordsOf(["Hob (the elder)"], "u")!.test("Hob the elder waits")).toBe(false);
  });

  it("is null when there is no name to look for", () => {
    expect(wordsOf([], "giu")).toBeNull();
    expect(wordsOf([""], "giu")).toBeNull();
  });
});
