// How a finished fight is told: the winning side by its name ("the sellswords" mid-sentence),
// and why the fight ended.
import { nameInSentence } from "../../src/core/sentence.js";
import { sideWins } from "../../src/engine/side-wins.js";
import type { Encounter } from "./types.js";

export function outcomeText({ outcome, sides }: Pick<Encounter, "outcome" | "sides">): string {
  if (outcome === null) return "";
  const winner =
    outcome.winner === null
      ? "no side wins"
      : sideWins(
          nameInSentence(sides.find((s) => s.id === outcome.winner)?.name ?? outcome.winner),
        );
  return `The fight is over: ${winner} (${outcome.reason})`;
}
