// A combatant's tactics as a form: a select of the ruleset's profiles (each titled with what it
// does), the chosen one's line beneath, and, folded, a profile per question of the combatant's own
// (each labelled with what it asks; the GM's rulings and its side's turn order are not its tactics). The builder draws it
// in each combatant's form, the GM's page on each card, where a change is stored at once
// (PUT /encounters/:id/tactics).
import { sentence } from "../../../src/core/sentence.js";
import {
  combatantQuestions,
  offeredProfiles,
  overridesOf,
  profileDescription,
  profileOf,
  tacticsChoice,
  tacticsText,
  withOverride,
  type RulesetTacticsJson,
  type TacticsChoice,
} from "../tactics.js";

/** The `<option>`s of the profiles the console offers, each titled with what it does. */
export function ProfileOptions({
  tactics,
  current,
}: {
  readonly tactics: RulesetTacticsJson;
  readonly current?: string;
}) {
  return offeredProfiles(tactics, current).map((p) => (
    <option key={p.name} value={p.name} title={p.description}>
      {p.name}
    </option>
  ));
}

export function TacticsPicker({
  tactics,
  name,
  value,
  set,
  disabled = false,
  described = true,
}: {
  readonly tactics: RulesetTacticsJson;
  /** The combatant's name, for the boxes' labels. */
  readonly name: string;
  readonly value: TacticsChoice | undefined;
  readonly set: (choice: TacticsChoice | undefined) => void;
  readonly disabled?: boolean;
  /** Whether the chosen profile's line shows beneath (else it is the select's title). */
  readonly described?: boolean;
}) {
  const profile = profileOf(value);
  const overrides = overridesOf(value);
  const description = profileDescription(tactics, profile);
  const overridden = Object.keys(overrides).length;
  const questions = combatantQuestions(tactics);
  return (
    <div className="tactics-picker">
      <label className="tactics-profile">
        <span className="tactics-label">Tactics</span>{" "}
        <select
          aria-label={`Tactics of ${name}`}
          title={description}
          value={profile}
          disabled={disabled}
          onChange={(e) => set(tacticsChoice(e.target.value, overrides))}
        >
          <ProfileOptions tactics={tactics} current={profile} />
        </select>
      </label>
      {described && description !== "" ? <p className="tactics-note">{description}</p> : null}
      {questions.length === 0 ? null : (
        <details className="tactics-questions">
          <summary>Per decision{overridden === 0 ? "" : ` (${overridden} set)`}</summary>
          <div className="tactics-question-grid">
            {questions.map(({ question, description }) => (
              <label key={question} title={`${question}: ${description}`}>
                <span className="tactics-label">{sentence(description)}</span>{" "}
                <select
                  aria-label={`Tactics of ${name} for ${question}: ${description}`}
                  value={overrides[question] ?? ""}
                  disabled={disabled}
                  onChange={(e) =>
                    set(tacticsChoice(profile, withOverride(overrides, question, e.target.value)))
                  }
                >
                  <option value="">as its profile</option>
                  <ProfileOptions tactics={tactics} current={overrides[question] ?? ""} />
                </select>
              </label>
            ))}
          </div>
        </details>
      )}
    </div>
  );
}

/**
 * The builder's tactics of a whole side at once, under its name ("the goblins reckless" was a
 * select in each of five forms): their common profile, or "mixed" when they differ (or one has
 * its own per decision); a profile picked is every one's, as the GM page's _Tactics of all_ sets
 * it.
 */
export function SideTacticsPicker({
  tactics,
  side,
  choices,
  set,
}: {
  readonly tactics: RulesetTacticsJson;
  /** The side's name, for the select's label. */
  readonly side: string;
  /** The tactics of each of the side's combatants, as their blocks give them. */
  readonly choices: readonly (TacticsChoice | undefined)[];
  readonly set: (profile: string) => void;
}) {
  const texts = new Set(choices.map(tacticsText));
  const common = texts.size === 1 ? [...texts][0]! : "";
  const shown = common.includes(";") ? "" : common;
  // What the profile does, under it, as a combatant's select says it (a phone shows no title).
  const description = shown === "" ? "" : profileDescription(tactics, shown);
  return (
    <div className="side-tactics-picker">
      <label className="side-tactics">
        <span className="tactics-label">Tactics of all</span>{" "}
        <select
          aria-label={`Tactics of all ${side}`}
          value={shown}
          onChange={(e) => e.target.value !== "" && set(e.target.value)}
        >
          {shown === "" ? <option value="">mixed</option> : null}
          <ProfileOptions tactics={tactics} current={shown} />
        </select>
      </label>
      {description === "" ? null : <p className="tactics-note">{description}</p>}
    </div>
  );
}
