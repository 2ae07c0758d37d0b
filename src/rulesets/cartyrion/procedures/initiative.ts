// Determining Turn Order: Initiative, and Surprise. A d6 every round: 1-3 the opponents act first,
// 4-6 the party. In the first round the same die may mean surprise (a 1 or a 6 when nobody
// expected the fight) or is read on an ambush table; a reverse ambush is the GM's ruling.
import type { RuleContext } from "../../../engine/choice.js";
import {
  readInitiative,
  type Camp,
  type InitiativeResult,
  type InitiativeTable,
} from "../data/initiative-tables.js";
import { SECTIONS } from "../sections.js";
import type { CartyrionState } from "../state.js";
import { ask } from "./ask.js";
import { check, D6 } from "./checks.js";
import { reverseAmbushQuestion } from "./gm-questions.js";

function bestAwareness(state: CartyrionState, party: boolean): number {
  let best = -Infinity;
  for (const c of state.combatants)
    if (c.party === party && c.status === "fighting" && c.awa > best) best = c.awa;
  return best === -Infinity ? 0 : best;
}

const camp = (party: boolean): Camp => (party ? "party" : "opponents");

/** Which table the first round's initiative die is read on. */
function firstRoundTable(state: CartyrionState, ctx: RuleContext): InitiativeTable {
  switch (state.start) {
    case "expected":
      return "standard";
    case "unexpected":
      return "unexpected";
    case "party-ambush":
    case "opponents-ambush": {
      if (!state.reverseAmbush) return state.start;
      const ambushersAreParty = state.start === "party-ambush";
      const ambushers = camp(ambushersAreParty);
      const defenders = camp(!ambushersAreParty);
      const reversed: InitiativeTable = ambushersAreParty ? "opponents-ambush" : "party-ambush";
      const ruling = ask(ctx, "gm", "reverse-ambush", reverseAmbushQuestion(ambushers, defenders));
      let table: InitiativeTable;
      if (ruling === "ambush") table = state.start;
      else if (ruling === "reversed") table = reversed;
      else if (ruling === "none") table = "standard";
      else {
        const whose = ambushersAreParty ? "the opponents'" : "the party's";
        const ok = check(
          ctx,
          SECTIONS.surprise,
          `${whose} AWA check against the ambush`,
          "gm",
          `${whose} best AWA check to turn the tables`,
          bestAwareness(state, !ambushersAreParty),
          10 + bestAwareness(state, ambushersAreParty),
        );
        table = ok ? reversed : "standard";
      }
      if (ctx.explaining) {
        ctx.explain(SECTIONS.surprise, () =>
          table === reversed
            ? `the ambush is reversed: the ${defenders} read the die as the ambushers`
            : table === "standard"
              ? "nobody can be surprised: the ordinary initiative roll"
              : "the ambush stands",
        );
      }
      return table;
    }
  }
}

export function rollInitiative(state: CartyrionState, ctx: RuleContext): InitiativeResult {
  const table = state.round === 1 ? firstRoundTable(state, ctx) : "standard";
  const face = ctx.roll(D6(), state.round === 1 ? "the first round's initiative" : "initiative");
  const result = readInitiative(table, face);
  if (ctx.explaining) {
    const section = table === "standard" ? SECTIONS.initiative : SECTIONS.surprise;
    ctx.explain(section, `initiative die ${face}: ${result.reading}`, {
      face,
      first: result.first,
      surprised: result.surprised,
    });
  }
  return result;
}

/** Marks the surprised side's members, except those who cannot be surprised (an individual trait). */
export function applySurprise(
  state: CartyrionState,
  surprised: Camp | null,
  ctx: RuleContext,
): void {
  if (surprised === null) return;
  const party = surprised === "party";
  for (const c of state.combatants) {
    if (c.party !== party || c.status !== "fighting") continue;
    if (c.cannotBeSurprised) {
      if (ctx.explaining)
        ctx.explain(SECTIONS.surprise, `${c.name} cannot be surprised and takes its turn`);
      continue;
    }
    c.surprised = true;
  }
}
