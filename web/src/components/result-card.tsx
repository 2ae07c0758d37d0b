// The last result, beside the prompt until a newer one replaces it: the decision that started
// it, each roll with its dice as rolled, what changed (health before and after), and each
// result with the rule that produced it. Plain props.
import { Fragment, type ReactNode } from "react";
import { changeLines } from "../change-lines.js";
import { readDie } from "../die-marks.js";
import { counted, ruleName } from "../format.js";
import { alikeOnce, restatesHeading, saidWithQuestion } from "../log-steps.js";
import { sentence } from "../../../src/core/sentence.js";
import type { ResultData, ResultRoll, ResultRuling } from "../types.js";

/**
 * One die in its box: an exploded one with its "!", a dropped one struck through; the marks with
 * no sign of their own (dropped, rerolled, success, failure) said in words to screen readers.
 */
function Die({ text }: { readonly text: string }) {
  const { face, marks } = readDie(text);
  const said = marks.filter((m) => m !== "exploded");
  return (
    <span
      className={["die", ...marks.map((m) => `die-${m}`)].join(" ")}
      title={marks.length === 0 ? undefined : marks.join(", ")}
    >
      {face}
      {marks.includes("exploded") ? "!" : null}
      {said.length === 0 ? null : <span className="sr-only"> ({said.join(", ")})</span>}
    </span>
  );
}

/**
 * Dice as the log writes them ("Attack Check [4, 5] = 9"), each die drawn in a box; the
 * brackets and commas stay in the text for screen readers and for copying.
 */
export function DiceText({ text }: { readonly text: string }) {
  const parts = text.split(/(\[[^\]]*\])/);
  return (
    <span className="dice-text">
      {parts.map((part, i) => {
        if (!/^\[.*\]$/.test(part)) return <span key={i}>{part}</span>;
        const dice = part
          .slice(1, -1)
          .split(/,\s*/)
          .filter((d) => d !== "");
        return (
          <span key={i} className="dice">
            <span className="sr-only">[</span>
            {dice.map((die, j) => (
              <Fragment key={j}>
                {j === 0 ? null : <span className="sr-only">, </span>}
                <Die text={die} />
              </Fragment>
            ))}
            <span className="sr-only">]</span>
          </span>
        );
      })}
    </span>
  );
}

/**
 * A roll as the table says it: "Mara typed [5] [3] = 8 for Tombril's damage" when a player typed
 * it on their screen, "Tombril's damage [5] [3] = 8 table" when the GM did.
 */
export function RollLine({ roll }: { readonly roll: ResultRoll }) {
  const dice = <DiceText text={roll.dice} />;
  if (roll.player !== undefined) {
    return roll.by === "fray" ? (
      <>
        <span className="roll-who">{roll.player} had Fray roll</span>{" "}
        <span className="roll-label">{roll.label}</span> {dice}
      </>
    ) : (
      <>
        <span className="roll-who">{roll.player} typed</span> {dice}{" "}
        <span className="roll-label">for {roll.label}</span>
      </>
    );
  }
  return (
    <>
      <span className="roll-label">{sentence(roll.label)}</span> {dice}
      {roll.by === undefined ? null : (
        <span className="roll-by">{roll.by === "table" ? "table" : "Fray"}</span>
      )}
    </>
  );
}

type Said = ResultData["explanations"][number] & { readonly times: number };

/** Each result with the rule that produced it; results alike in a row once, counted. */
function Explanations({ explanations }: { readonly explanations: readonly Said[] }) {
  return (
    <ul className="result-explanations" tabIndex={0} aria-label="results">
      {explanations.map((e, i) => (
        <li key={i}>
          <span className="text">
            {e.text}
            {e.times > 1 ? ` (${e.times} times)` : null}
          </span>{" "}
          <span className="rule">{e.rule}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A ruling of the GM's inside the step, as the GM says it: "... this blow? The GM ruled: no"; a
 * combatant's decision inside the action as the table says it: "Cutter: passive defence", after
 * its question when the answer says nothing alone ("... does it flee? Grub: no").
 */
function RulingLine({ ruling }: { readonly ruling: ResultRuling }) {
  // A change of the GM's hand between a decision and its roll, as the blow so far says it.
  if (ruling.byHand === true) {
    return (
      <>
        <span className="roll-who">By hand:</span> {sentence(ruling.answer)}
      </>
    );
  }
  if (ruling.decider !== undefined) {
    const bare = saidWithQuestion(ruling);
    return (
      <span title={bare ? undefined : ruling.question}>
        {bare ? <span className="ruling-question">{ruling.question} </span> : null}
        <span className="roll-who">{ruling.decider.name}:</span> {ruling.answer}
      </span>
    );
  }
  return (
    <>
      <span className="ruling-question">{ruling.question}</span>{" "}
      <span className="roll-who">The GM ruled:</span> {ruling.answer}
    </>
  );
}

type StepData = Pick<ResultData, "heading" | "player" | "gmChose" | "rolls" | "rulings">;

/** A step's rolls and the rulings and decisions among them, each a line, in the order they came. */
function stepItems(step: Pick<StepData, "rolls" | "rulings">): ReactNode[] {
  const rulingsAt = (n: number) =>
    step.rulings
      .filter((r) => r.rollsBefore === n)
      .map((r, i) => (
        <li
          key={`ruling-${n}-${i}`}
          className={r.decider === undefined ? "result-ruling" : "result-decision"}
        >
          <RulingLine ruling={r} />
        </li>
      ));
  return [
    ...step.rolls.flatMap((roll, i) => [
      ...rulingsAt(i),
      <li key={`roll-${i}`}>
        <RollLine roll={roll} />
      </li>,
    ]),
    ...rulingsAt(step.rolls.length),
  ];
}

/**
 * A step's heading as the table says it, with the player who chose it, or on a player's screen
 * "(the GM chose)" for their own combatant's decision that the GM made.
 */
function HeadingText({ step }: { readonly step: StepData }) {
  const who = step.player ?? (step.gmChose === true ? "the GM" : undefined);
  return (
    <>
      {sentence(step.heading)}
      {who === undefined ? null : <span className="roll-who"> ({who} chose)</span>}
    </>
  );
}

/**
 * A step's heading (with the player who chose it), its rolls and the GM's rulings in the order
 * they came: a result's first lines.
 */
export function StepLines({
  step,
  rules = [],
  quiet = false,
  foldOver = Infinity,
  headed = true,
}: {
  readonly step: StepData;
  /** Whether its heading is said (not when the blow under way says it just under). */
  readonly headed?: boolean;
  /** The rules of the results that only said the heading's decision again. */
  readonly rules?: readonly string[];
  /** Whether the heading is said in a plain weight, under what the step did. */
  readonly quiet?: boolean;
  /**
   * Most lines of dice and decisions shown unfolded: more (karn's melee of three orcs, a score
   * of lines) wait behind "Dice and decisions (n)".
   */
  readonly foldOver?: number;
}) {
  const items = stepItems(step);
  const list =
    items.length === 0 ? null : (
      <ul className="result-rolls" tabIndex={0} aria-label="dice and rulings">
        {items}
      </ul>
    );
  return (
    <>
      {headed ? (
        <p className={quiet ? "result-heading quiet" : "result-heading"}>
          <HeadingText step={step} />
          {/* The space outside the rule's inline-block, which would drop it: "(was 20)The GM's ruling". */}
          {rules.map((rule, i) => (
            <Fragment key={i}>
              {" "}
              <span className="rule">{rule}</span>
            </Fragment>
          ))}
        </p>
      ) : null}
      {items.length > foldOver ? (
        <details className="result-steps">
          <summary>Dice and decisions ({items.length})</summary>
          {list}
        </details>
      ) : (
        list
      )}
    </>
  );
}

/** Lines of the blow under way shown over the prompt: its latest; the earlier ones fold. */
const SO_FAR_SHOWN = 3;

/**
 * The blow the pending choice belongs to, as far as it has come, over the prompt: who began it
 * and how ("Hild: one attack with 3 dice; Knuckles (onset range)"), then its latest dice and
 * answers, the earlier ones folded, so the question reads with what came before it.
 */
export function BlowSoFar({
  step,
  title = "This blow so far",
}: {
  readonly step: StepData & { readonly byHand?: readonly string[] | undefined };
  /** What it is called ("So far" on a player's screen for a step that is no blow yet). */
  readonly title?: string;
}) {
  // The GM's changes by hand in the middle of the blow, under its lines (they wait for nothing).
  const items = [
    ...stepItems(step),
    ...(step.byHand ?? []).map((text, i) => (
      <li key={`hand-${i}`} className="result-ruling">
        <span className="roll-who">By hand:</span> {sentence(text)}
      </li>
    )),
  ];
  const earlier = items.slice(0, Math.max(0, items.length - SO_FAR_SHOWN));
  const latest = items.slice(earlier.length);
  return (
    <section className="blow-so-far" aria-label={title.toLowerCase()}>
      <p className="so-far-heading">
        <span className="so-far-title">{title}: </span>
        <HeadingText step={step} />
      </p>
      {earlier.length === 0 ? null : (
        <details className="so-far-earlier">
          <summary>{counted(earlier.length, "earlier line")}</summary>
          <ul>{earlier}</ul>
        </details>
      )}
      {latest.length === 0 ? null : <ul className="so-far-lines">{latest}</ul>}
    </section>
  );
}

/**
 * Lines of dice and decisions, and of rules, a result shows unfolded (a blow of tnt's: its four;
 * a miss's rules); the rules fold too once the outcome says what the blow did.
 */
const STEP_LINES_SHOWN = 4;

export function ResultCard({
  result: told,
  ruleset,
  folded = false,
  underWay = false,
  headed = true,
  title = "Last result",
  children,
  none = "Nothing has happened yet.",
}: {
  readonly result: ResultData | null;
  /**
   * The encounter's ruleset, when the rules come with its id before their names (the GM's
   * page): each is said by its name alone ("Charging into combat").
   */
  readonly ruleset?: string;
  /**
   * Whether the results with their rules wait behind a button (a player's screen while their
   * choice waits under the card: the prompt stays on the phone's screen).
   */
  readonly folded?: boolean;
  /**
   * Whether it is the beginning of the blow under way, which the GM's prompt shows whole: its
   * dice and rules fold, not said twice.
   */
  readonly underWay?: boolean;
  /**
   * Whether its heading is said: not on a player's screen when it is the beginning of the blow
   * under way, whose "This blow so far" says it again just under (tnt's "Hild: one attack with 3
   * dice (Anna chose)" read twice, under "Last result" and under "This blow so far"). Its dice
   * and decisions are the blow's too: a result that changed nothing is then not shown at all
   * (a card of "How it came about (1)" alone), its rules said with the blow's result.
   */
  readonly headed?: boolean;
  /** Its title ("Before that" on a player's screen while a newer step is under way). */
  readonly title?: string;
  /** What the page adds under it (the GM's "Roll again"). */
  readonly children?: ReactNode;
  /**
   * What it says before any result: the answers given so far when there are some (the GM's
   * page: a declaration, the surprise dice, which cause nothing yet).
   */
  readonly none?: string;
}) {
  const result =
    told === null || ruleset === undefined
      ? told
      : {
          ...told,
          explanations: told.explanations.map((e) => ({ ...e, rule: ruleName(e.rule, ruleset) })),
        };
  // A result that only says the decision again is not said twice: its rule goes by the heading.
  const restated = (e: ResultData["explanations"][number]) =>
    result !== null && restatesHeading(result.heading, e.text);
  const explanations = alikeOnce(result?.explanations.filter((e) => !restated(e)) ?? []);
  const rules = result?.explanations.filter(restated).map((e) => e.rule) ?? [];
  const outcome = result?.outcome ?? [];
  // A bar that got worse is said by the outcome's line ("-31 SP (to 37/68 SP)"), not again.
  const changes = result?.changes.filter((c) => c.worse !== true) ?? [];
  // Unheaded, a result whose heading, dice and decisions the blow under way says is not shown
  // unless it changed something: its rules come with the blow's result, once the blow is done.
  if (!headed && outcome.length + changes.length === 0) return null;
  return (
    <section className="result-card" aria-label="last result">
      <h2>{title}</h2>
      {/* The result's lines in a body of their own: on a phone it scrolls under the title while
          the page's buttons under it ("Roll again") stay in sight. */}
      <div className="result-body">
        {result === null ? (
          <p className="result-none">{none}</p>
        ) : (
          <>
            {/* What it did first (who hit whom, for how much, who fell), then how (the decision and
              its dice), then what else it changed, and the rules, folded once the outcome says it. */}
            {outcome.length === 0 ? null : (
              // A change by hand is the GM's ruling, not a blow that landed: said as one.
              <ul className={result?.byHand === true ? "result-outcome by-hand" : "result-outcome"}>
                {outcome.map((line, i) => (
                  <li key={i}>
                    {result?.byHand === true ? (
                      <span className="by-hand-mark">By hand: </span>
                    ) : null}
                    {line}
                  </li>
                ))}
              </ul>
            )}
            <StepLines
              step={result}
              rules={rules}
              quiet={outcome.length > 0 || underWay}
              foldOver={underWay ? 0 : STEP_LINES_SHOWN}
              headed={headed}
            />
            {/* Under the step that caused them: cartyrion's "Hill Giant: its club breaks" was
                listed above the Power Attack that broke it. */}
            {changes.length === 0 ? null : (
              <ul className="result-changes">
                {changeLines(changes).map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            )}
            {(folded || underWay || outcome.length > 0 || explanations.length > STEP_LINES_SHOWN) &&
            explanations.length > 0 ? (
              <details className="result-why">
                <summary>How it came about ({explanations.length})</summary>
                <Explanations explanations={explanations} />
              </details>
            ) : (
              <Explanations explanations={explanations} />
            )}
          </>
        )}
      </div>
      {children}
    </section>
  );
}
