// The advisor's figures to copy into a spreadsheet (figures.ts): the decision advised and how,
// then an option a row (marked where the sampled ranking settled it as alike the one above it,
// as the panel marks it), each figure beside its 95% half-width (0 where exact) in a cell of its
// own, and every combatant's chance of being out, where the panel shows the foes' and each
// estimate as one text ("1.6 ± 0.1").
import type { Estimate } from "../../src/engine/advice.js";
import { meanCell, percentCell, type Cell } from "./figures.js";
import type { AdviceJson } from "./types.js";

/** Under an option the sampled ranking settled as alike the one above it (`tied`). */
export const TIED = "as good as the option above";

/** An estimate's two cells: the figure, and its ± (0 where exact); none when there is none. */
function estimateCells(e: Estimate | null, asPercent: boolean): Cell[] {
  if (e === null) return ["", ""];
  return asPercent
    ? [percentCell(e.value), percentCell(e.half)]
    : [meanCell(e.value), meanCell(e.half)];
}

/** The rows of advice `advice`, its horizon's chances named as the panel names them. */
export function adviceFigures(advice: AdviceJson): Cell[][] {
  const unit = advice.unit === undefined ? "" : ` (${advice.unit})`;
  const horizon = advice.horizon === "fight" ? "the fight" : "this round";
  const everyone = advice.options[0]?.combatants ?? [];
  const pair = (name: string) => [name, `${name} ±`];
  return [
    ["advice on", advice.prompt],
    ["round", advice.round],
    [
      "the round's figures",
      advice.method === "exact" ? "exact" : `sampled: ${advice.runs} rounds an option`,
    ],
    ...(advice.fight === undefined
      ? []
      : [
          [
            "the fight's chances",
            advice.fight.method === "exact"
              ? `exact: ${advice.fight.states} positions`
              : `sampled: ${advice.fight.samples} fights an option`,
          ],
        ]),
    ...(advice.rolled.length === 0
      ? []
      : [["rolled first from the seed", advice.rolled.join("; ")]]),
    [],
    [
      "option",
      "tactics' pick",
      TIED,
      ...pair(`damage dealt${unit}`),
      ...pair(`damage taken${unit}`),
      ...pair(`win ${horizon}`),
      ...pair(`lose ${horizon}`),
      ...everyone.flatMap((c) => pair(`${c.name} out`)),
    ],
    ...advice.options.map((option) => [
      option.label,
      option.policy ? "yes" : "",
      option.tied === true ? "yes" : "",
      ...estimateCells(option.dealt, false),
      ...estimateCells(option.taken, false),
      ...estimateCells(option.win, true),
      ...estimateCells(option.lose, true),
      ...everyone.flatMap((c) =>
        estimateCells(option.combatants.find((o) => o.id === c.id)?.out ?? null, true),
      ),
    ]),
  ];
}
