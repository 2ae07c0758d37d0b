// What a player's link reads of its encounter (docs/console.md, "What each role sees"): the
// ruleset's view for its side (its own combatants in full, the others as that side sees them:
// a foe's health in words), the round and its order, whose turn it is, the pending choice only
// when it is one of its own (with its options and its policy's pick), the last result and the
// step in progress and the blow under way less what the GM keeps (player-result.ts). Never the seed, the file, the log, the GM's view, the
// explanations' data or another combatant's pending choice.
import type { z } from "zod";
import type { PendingChoiceData } from "../engine/drivers/pending.js";
import type { ResultRuling } from "../engine/last-result.js";
import type { Encounter } from "../engine/encounter.js";
import type { Answer, DecideAnswer } from "../engine/answers.js";
import {
  actionStart,
  blowSoFar,
  blowStart,
  earlierResultsSince,
  lastResult,
  type LastResult,
  progressFrom,
  stepInProgress,
} from "../engine/last-result.js";
import { rollPromptText } from "../engine/roll-prompt.js";
import { pendingJson } from "./encounter-json.js";
import { encounterTag, type Render } from "./encounters.js";
import type { PlayerLink } from "./player-link-store.js";
import { answers, playedBy, shareOf } from "./player-links.js";
import { heldFor, shareName, type HeldShare } from "./held-dice.js";
import { sharesOf } from "../engine/drivers/shares.js";
import {
  sideBlow,
  sideOrder,
  sideReader,
  sideResult,
  sideStep,
  questionFor,
  withoutNumbers,
  type Named,
  type PlayerResultJson,
} from "./player-result.js";
import type { playerStateSchema } from "./player-schemas.js";
import type { EncounterRecord } from "./store.js";

export type PlayerStateJson = z.input<typeof playerStateSchema>;

/** How the choices of a player's pending choice are answered. */
const ANSWER =
  'POST /player/answer with {"choice": value} or {"dice": [...]} / {"total": n}; POST /player/roll for Fray\'s dice; POST /player/policy for the policy\'s pick';

/** The HTTP entity tag of what link `link` reads: changes with the encounter and the link. */
export function playerTag(
  link: PlayerLink,
  record: Pick<EncounterRecord, "id" | "version" | "createdAt">,
  held: boolean,
): string {
  return encounterTag(record, held).replace('"', `"p${link.id}.`);
}

/** The combatants of the encounter as it now is: id, name, side. */
export function namedCombatants(encounter: Encounter): Named[] {
  return encounter.view({ kind: "gm" }).map(({ id, name, side }) => ({ id, name, side }));
}

/**
 * Whose choice the fight waits for, as side `side` reads it: a ruling of the GM's with its
 * question when the side may read it ("Chip Calhoon fumbles: roll on the fumble chart (Swing),
 * or rule it?"), where "The GM decides" alone left the player guessing what was being decided;
 * a side's decision with its question ("Who acts next for the party?": "The party decides" alone
 * left the party's players, whose links play some of its combatants, wondering whose it was);
 * and a roll with its label when the side may read it ("Osric damage"), where "The GM rolls"
 * alone did the same; either without its numbers when they are another side's.
 */
function turnOf(choice: PendingChoiceData, named: readonly Named[], side: string) {
  const actor = choice.actor ?? null;
  const bySide = actor !== null && !named.some((c) => c.id === actor);
  const asked = choice.kind === "roll" ? choice.label : bySide ? choice.options.prompt : undefined;
  if (asked === undefined) return { kind: choice.kind, actor };
  const readable = sideReader(named, side);
  if (readable(asked)) return { kind: choice.kind, actor, asked };
  // Said without its numbers ("Hrolf's attack on Gorbag the chief with the long sword", not
  // "(needs 10)"), as the GM tells at the table what is rolled: "Hrolf rolls" alone said nothing;
  // a ruling's question as a question (questionFor), never cut short ("Varn needed").
  const bare =
    choice.kind === "roll" ? withoutNumbers(asked, named) : questionFor(asked, named, readable);
  return bare === "" ? { kind: choice.kind, actor } : { kind: choice.kind, actor, asked: bare };
}

/**
 * A roll's label as side `side` may read it: whole when the side may, else without the numbers
 * that are another side's ("Osric's attack on Bolt with the dagger (needs 12)": Bolt's armour
 * class in it, read "Osric's attack on Bolt with the dagger"), as the GM tells at the table what
 * is rolled.
 */
export function labelFor(label: string, named: readonly Named[], side: string): string {
  return sideReader(named, side)(label) ? label : withoutNumbers(label, named) || "the roll";
}

/**
 * The player's own pending choice as their screen asks it: a roll with its label as the side may
 * read it (`labelFor`), in its prompt and its label both ("Osric's attack on Bolt with the
 * dagger: roll a d20 (1 to 20)"), as the side's other screens say it (turnOf). A refusal of dice
 * typed for it names it so too (player-routes.ts).
 */
function ownPending(
  choice: PendingChoiceData,
  encounter: Encounter,
  named: readonly Named[],
  side: string,
  held: HeldShare | undefined,
  part: number | undefined,
) {
  const json = pendingJson(choice, encounter, held, part);
  if (json.kind !== "roll") return json;
  const label = labelFor(json.label, named, side);
  // An opposed roll's part given by another: that it is in, not its dice (the GM's foe's).
  const shares =
    json.shares?.map((s, i) => (i === part ? s : { ...s, dice: null, player: null })) ?? null;
  return label === json.label
    ? { ...json, shares }
    : { ...json, shares, label, prompt: rollPromptText({ ...json, label }) };
}

/**
 * The player's part of an opposed roll (`shareOf`), and whether it is given (held until the
 * other comes: then the link waits, for the other part's name).
 */
function ownShare(
  link: PlayerLink,
  choice: PendingChoiceData | null,
  encounter: Encounter,
  named: readonly Named[],
  held: HeldShare | undefined,
): {
  readonly part: number | undefined;
  readonly waitingFor: string | null;
  readonly gave: string | null;
} {
  if (choice?.kind !== "roll") return { part: undefined, waitingFor: null, gave: null };
  const part = shareOf(link, choice, named);
  const shares = sharesOf(choice);
  if (part === undefined || shares === undefined || heldFor(held, choice, encounter)?.part !== part)
    return { part, waitingFor: null, gave: null };
  return { part, waitingFor: shareName(shares[1 - part]!, encounter), gave: shares[part]!.name };
}

/**
 * How many answers of `encounter`'s log came before link `link`'s last one (0 when it gave none):
 * a decision or dice given or asked from its screen. Before it, not up to it: a result that this
 * answer ended (a foe's blow on them, their save's die its last) is the player's turn's too, and
 * stays among those since. A decision the GM made for one of its combatants (the phone away, the
 * GM answering on the laptop) is no answer of the player's: back on the network, the player reads
 * what happened since they last played, where the list began at the GM's decision.
 */
function lastAnswerOf(link: PlayerLink, encounter: Encounter): number {
  const { log } = encounter;
  for (let i = log.length - 1; i >= 0; i -= 1) {
    const a = log[i]!;
    if (a.kind !== "gm" && a.player === link.name) return i;
  }
  return 0;
}

/**
 * What link `link` reads of the results: the last one, whole, and those since its last answer
 * before it (earlierResultsSince: its own action's first, capped), oldest first, each as its side
 * may see it (sideResult): what the foes did between the player's turns, to friends and to them.
 * A blow's attacker's choice made once its dice are in is said in that blow (withBlowChoices),
 * the last result's too: when the outcome of a legendary hit was itself the last result, the list
 * ended with the attack alone ("Fletch: shoot the shortbow at Corwin from range 10") and the card
 * was headed by the outcome ("Fletch: lasting blindness — Fletch hits Corwin: no damage").
 */
export function playerResults(
  link: PlayerLink,
  encounter: Encounter,
  named: readonly Named[],
): { readonly lastResult: PlayerResultJson | null; readonly sinceTurn: PlayerResultJson[] } {
  const plays = playedBy(link, named);
  const seenOf = (results: readonly (LastResult | null)[]) =>
    results.flatMap((result) => {
      const json = result === null ? null : resultOf(result, link, encounter, named, plays);
      return json === null || result === null ? [] : [{ result, json }];
    });
  const since = seenOf(earlierResultsSince(encounter, lastAnswerOf(link, encounter)));
  const last = seenOf([lastResult(encounter)]);
  // The result before the last, which the last's choice may belong to, when the list has none.
  const before =
    since.length > 0 || last.length === 0 ? [] : seenOf(earlierResultsSince(encounter, 0, 1));
  const all = withBlowChoices([...before, ...since, ...last], encounter, named, link.side);
  const earlier = (last.length > 0 ? all.slice(0, -1) : all).filter(
    (s) => !before.some((b) => b.result === s.result),
  );
  return {
    lastResult: last.length > 0 ? all.at(-1)!.json : null,
    sinceTurn: earlier.map((s) => s.json).filter((r) => !saysNothing(r, named)),
  };
}

/** The results since link `link`'s last answer before the last result (playerResults). */
export function sinceTurnOf(link: PlayerLink, encounter: Encounter, named: readonly Named[]) {
  return playerResults(link, encounter, named).sinceTurn;
}

type Seen = { readonly result: LastResult; readonly json: PlayerResultJson };

/**
 * `seen` (results oldest first, each as side `side` sees it) with a choice of a blow's attacker
 * made once its dice are in (dungeons-of-olde's outcome of a legendary hit, the attacker's to
 * choose: Critical Outcomes in Combat) joined to the blow it belongs to. The steps split there
 * (last-result.ts, as the GM's page reads them), so the list since the player's turn read a line
 * headed by the outcome chosen ("Fletch: maximum damage and bypass armour — Fletch hits Corwin")
 * after the attack that came to nothing ("Fletch: shoot the shortbow at Corwin from range 10");
 * it reads as a player tells it, the hit first, then what the choice did to it: "Fletch: shoot
 * the shortbow at Corwin from range 10 — Fletch hits Corwin: …; Fletch lands a legendary hit on
 * Corwin: maximum damage and bypass armour".
 */
function withBlowChoices(
  seen: readonly Seen[],
  encounter: Encounter,
  named: readonly Named[],
  side: string,
): Seen[] {
  const out: Seen[] = [];
  for (const now of seen) {
    const before = out.at(-1);
    const choice = blowChoice(encounter, now.result, before?.result);
    if (before === undefined || choice === undefined || before.json.outcome.length > 0) {
      out.push(now);
      continue;
    }
    // No hit said yet (dungeons-of-olde's damage die still to roll): the choice is a line of the
    // blow after its dice, not what it did above it (the legend over a blow with no hit line).
    const chosen =
      (now.json.outcome.length === 0 ? decisionOf(choice, named, side) : undefined) ??
      choiceText(choice, now.json.heading, named, side);
    out[out.length - 1] = { result: now.result, json: blowWith(before.json, now.json, chosen) };
  }
  return out;
}

/**
 * The attacker's choice `choice` as a decision among a blow's lines, when side `side` may read
 * its question and answer ("Cutter lands a legendary hit on Aldric: which outcome?", "Cutter:
 * lasting blindness"); undefined otherwise.
 */
function decisionOf(
  choice: DecideAnswer,
  named: readonly Named[],
  side: string,
): ResultRuling | undefined {
  const { prompt, label, actor } = choice;
  if (prompt === undefined || label === undefined) return undefined;
  if (!sideReader(named, side)(`${prompt} ${label}`)) return undefined;
  const name = named.find((c) => c.id === actor)?.name ?? actor;
  return { question: prompt, answer: label, rollsBefore: 0, decider: { id: actor, name } };
}

/**
 * Blow `blow` (its dice, nothing done yet) with `rest`, the result its attacker's choice
 * (`chosen`) began, as one result: the blow's heading, what the rest did then the choice (or,
 * while nothing is done yet, the choice among its lines after the blow's dice), the dice and
 * rulings of both in order, what changed in both, and what the GM keeps of both.
 */
function blowWith(
  blow: PlayerResultJson,
  rest: PlayerResultJson,
  chosen: string | ResultRuling,
): PlayerResultJson {
  const once = <T>(items: readonly T[], key: (item: T) => string) => [
    ...new Map(items.map((item) => [key(item), item])).values(),
  ];
  const rolled = blow.rolls.length;
  const decided = typeof chosen === "string" ? [] : [{ ...chosen, rollsBefore: rolled }];
  return {
    ...blow,
    at: rest.at,
    outcome: typeof chosen === "string" ? [...rest.outcome, chosen] : [...rest.outcome],
    rolls: [...blow.rolls, ...rest.rolls],
    rulings: [
      ...blow.rulings,
      ...decided,
      ...rest.rulings.map((r) => ({ ...r, rollsBefore: r.rollsBefore + rolled })),
    ],
    changes: [...blow.changes, ...rest.changes],
    explanations: once([...blow.explanations, ...rest.explanations], (e) => `${e.rule}\n${e.text}`),
    withheld: blow.withheld + rest.withheld,
    told: once([...blow.told, ...rest.told], (t) => t),
    rules: once([...blow.rules, ...rest.rules], (r) => r),
  };
}

/**
 * The decision that begins `result` when it is a choice of the attacker of a blow whose dice
 * were rolled in `before`, the result just before it: the rest of that blow, not an action of
 * its own.
 */
function blowChoice(
  encounter: Encounter,
  result: LastResult,
  before: LastResult | undefined,
): DecideAnswer | undefined {
  if (before === undefined) return undefined;
  const { log } = encounter;
  const first = log[actionStart(encounter, result.at)];
  if (first?.kind !== "decide" || first.blow?.attacker !== first.actor) return undefined;
  const { attacker, target } = first.blow;
  const rolled = log
    .slice(actionStart(encounter, before.at), before.at)
    .some((a) => a.kind === "roll" && a.blow?.attacker === attacker && a.blow.target === target);
  return rolled ? first : undefined;
}

/**
 * A blow's choice (`choice`, headed `heading` as the side reads it) said with what it answers,
 * when the side may read both: "Fletch lands a legendary hit on Corwin: maximum damage and
 * bypass armour" (its question, "…: which outcome?", less the asking); else as its heading.
 */
function choiceText(
  choice: DecideAnswer,
  heading: string,
  named: readonly Named[],
  side: string,
): string {
  const question = choice.prompt ?? "";
  const cut = question.lastIndexOf(": ");
  const text = `${question.slice(0, cut)}: ${choice.label ?? ""}`;
  const plain = cut > 0 && question.endsWith("?") && choice.label !== undefined;
  return plain && sideReader(named, side)(text) ? text : heading;
}

/** Result `result` as link `link` sees it (sideResult), said chosen by the GM when it was. */
function resultOf(
  result: ReturnType<typeof lastResult>,
  link: PlayerLink,
  encounter: Encounter,
  named: readonly Named[],
  plays: readonly string[],
): PlayerResultJson | null {
  const seen = sideResult(result, encounter, named, link.side, link.name);
  if (seen === null || result === null) return seen;
  return gmChose(seen, encounter.log[actionStart(encounter, result.at)], plays);
}

/**
 * `json` (a result, the step or the blow under way) marked `gmChose` when the decision that began
 * it (`first`) is one of the link's own combatants' that the GM made, not the player: back on the
 * network, a player read "Oswin: go to onset range with Weasel" as their own choice, beside
 * "(Anna chose)" on the other's.
 */
function gmChose<T extends object>(json: T, first: Answer | undefined, plays: readonly string[]) {
  const chose =
    first?.kind === "decide" && first.player === undefined && plays.includes(first.actor);
  return chose ? { ...json, gmChose: true as const } : json;
}

/**
 * A result that tells the side nothing but that a foe decided: another side's decision whose
 * words are the GM's (swords-wizardry-fitz's split of a Base Combat Bonus, "Knife decides"),
 * which caused nothing yet. Three such lines in a row ("Knife decides", "Bolt decides", "Cudgel
 * decides") filled the phone's list of what happened since the player's turn.
 */
function saysNothing(result: PlayerResultJson, named: readonly Named[]): boolean {
  if (result.outcome.length > 0 || result.changes.length > 0) return false;
  return named.some((c) => result.heading === `${c.name} decides`);
}

/** What link `link` reads of an encounter. */
export function playerJson(link: PlayerLink): Render<PlayerStateJson> {
  return (record, encounter) => {
    const sides = encounter.definition.setup.sides.map(({ id, name }) => ({ id, name }));
    const named = namedCombatants(encounter);
    const view = [...encounter.view({ kind: "side", side: link.side })];
    const status = encounter.status;
    const choice = status.kind === "pending" ? status.choice : null;
    const share = ownShare(link, choice, encounter, named, record.held);
    const yours = choice !== null && answers(link, choice, named) && share.waitingFor === null;
    const plays = playedBy(link, named);
    const marked = <T extends object>(json: T | null, start: number) =>
      json === null ? null : gmChose(json, encounter.log[start], plays);
    return {
      id: record.id,
      title: record.title,
      ruleset: record.ruleset,
      round: record.round,
      status: status.kind,
      outcome: status.kind === "over" ? status.outcome : null,
      version: record.version,
      answers: record.answers.length,
      tableAnswers: record.answers.filter((a) => a.kind !== "gm").length,
      sides,
      player: { id: link.id, name: link.name, side: link.side, plays },
      turn:
        choice === null
          ? null
          : {
              ...turnOf(choice, named, link.side),
              yours,
              waitingFor: share.waitingFor,
              gave: share.gave,
            },
      pending: yours
        ? {
            ...ownPending(choice, encounter, named, link.side, record.held, share.part),
            answer: ANSWER,
          }
        : null,
      order: sideOrder(encounter.order(), named, link.side),
      combatants: view,
      ...playerResults(link, encounter, named),
      step: marked(
        sideStep(stepInProgress(encounter), encounter, named, link.side, link.name),
        progressFrom(encounter),
      ),
      blowSoFar: marked(
        sideBlow(blowSoFar(encounter), encounter, named, link.side, link.name),
        blowStart(encounter),
      ),
    };
  };
}
