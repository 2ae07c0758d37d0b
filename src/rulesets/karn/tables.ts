// The default data tables with provenance, as `fray rules karn` and the docs show them: the
// chapter's charts (fumble, critical, knock-out) and called-shot examples as they stand, and
// Fray's default attacks and armour in the chapter's own format.
import type { JsonObject } from "../../engine/json.js";
import { chapter } from "../../engine/provenance.js";
import type { DataTable } from "../../engine/ruleset.js";
import { ARMOURS, armourProvenance } from "./data/armour.js";
import { ATTACKS, attackProvenance } from "./data/attacks.js";
import {
  CALLED_SHOTS,
  CRITICALS,
  CRITICAL_BANDS,
  CRITICAL_COLUMNS,
  CRITICAL_NAMES,
  CRITICAL_SP,
  FUMBLES,
  FUMBLE_BANDS,
  FUMBLE_COLUMNS,
  FUMBLE_NAMES,
  KNOCK_OUTS,
  KNOCK_OUT_BANDS,
  KNOCK_OUT_NAMES,
  KNOCK_OUT_SP,
  type Band,
} from "./data/charts.js";
import { DEFAULT_ACTIONS, DEFAULT_ATTRIBUTE, DEFAULT_HP, DEFAULT_SP } from "./schema.js";

function band(b: Band): string {
  return b === null ? "-" : b[0] === b[1] ? `${b[0]}` : `${b[0]}-${b[1]}`;
}

const fumbleChart: DataTable = {
  id: "fumble-chart",
  title: "Fumble chart (d% by attack type)",
  rows: FUMBLES.map((key, i) => ({
    key,
    values: {
      name: FUMBLE_NAMES[i]!,
      ...Object.fromEntries(FUMBLE_COLUMNS.map((c) => [c, band(FUMBLE_BANDS[c][i]!)])),
    },
    provenance: chapter("Fumble: the chart and its results"),
  })),
};

const MULTIPLIERS = ["+1/2 (x1.5)", "x2", "x2", "x3", "x3", "-1 HP or x4"];

const criticalChart: DataTable = {
  id: "critical-chart",
  title: "Critical chart (d% by damage type)",
  rows: CRITICALS.map((key, i) => ({
    key,
    values: {
      name: CRITICAL_NAMES[i]!,
      damage: MULTIPLIERS[i]!,
      sp: CRITICAL_SP[i] ?? "-",
      ...Object.fromEntries(
        CRITICAL_COLUMNS.map((c) => {
          const b = CRITICAL_BANDS[c][i]!;
          return [c, i === CRITICALS.length - 1 && b !== null ? `${b[0]}+` : band(b)];
        }),
      ),
    },
    provenance: chapter("Critical: the chart and its results"),
  })),
};

const knockOutChart: DataTable = {
  id: "knock-out-chart",
  title: "Knock-out chart (d%, after a failed END check)",
  rows: KNOCK_OUTS.map((key, i) => ({
    key,
    values: { name: KNOCK_OUT_NAMES[i]!, roll: band(KNOCK_OUT_BANDS[i]!), sp: KNOCK_OUT_SP[i]! },
    provenance: chapter("Knock Out/Stun Called Shots: the chart"),
  })),
};

const calledShots: DataTable = {
  id: "called-shots",
  title: "Called-shot penalties (the chapter's examples; the GM sets each)",
  rows: Object.entries(CALLED_SHOTS).map(([key, c]) => ({
    key,
    values: { name: c.name, penalty: -c.penalty },
    provenance:
      key === "knock-out"
        ? chapter(
            "Knock Out/Stun Called Shots: a crush called shot at the head and neck, with the head's usual -5",
          )
        : chapter("Making A Called Shot: examples of called-shot penalties"),
  })),
};

const attacks: DataTable = {
  id: "attacks",
  title: "Attacks (damage, types, fumble column, strike, ranged, dodge penalty, untrained penalty)",
  rows: Object.entries(ATTACKS).map(([key, a]) => ({
    key,
    values: {
      name: a.name,
      damage: a.damage,
      types: a.types.join("+"),
      kind: a.kind,
      strike: a.strike,
      ranged: a.ranged,
      dodgePenalty: a.dodgePenalty,
      parry: a.parry,
      untrainedPenalty: a.untrainedPenalty,
      needsTraining: a.needsTraining,
    },
    provenance: attackProvenance(key),
  })),
};

const armour: DataTable = {
  id: "armour",
  title: "Armour (COV, hit points, protection (damage rating) per type)",
  rows: Object.entries(ARMOURS).map(([key, a]) => ({
    key,
    values: {
      name: a.name,
      cov: a.cov,
      hp: a.hp,
      ...Object.fromEntries(Object.entries(a.ratings).map(([t, r]) => [t, `${r[0]} (${r[1]})`])),
    } as JsonObject,
    provenance: armourProvenance(key),
  })),
};

const constants: DataTable = {
  id: "constants",
  title: "Numbers of the rules",
  rows: [
    {
      key: "actions",
      values: { min: 1, max: 3, default: DEFAULT_ACTIONS },
      provenance: chapter(
        "What Is a Melee: 1 to 3 actions, rarely more (the default, 2, is Fray's)",
      ),
    },
    {
      key: "melee-seconds",
      values: { seconds: 10, perMinute: 6 },
      provenance: chapter("What Is a Melee"),
    },
    {
      key: "split-divisors",
      values: { full: 1, half: 2, quarter: 4, rounding: "down" },
      provenance: chapter("Splitting Actions"),
    },
    {
      key: "saved-action-bonus",
      values: { bonus: 5 },
      provenance: chapter("2. Winner Chooses Attack(s)"),
    },
    {
      key: "strike-thresholds",
      values: { fumbleUnder: 1, missAtOrUnder: 5, rangedMissAtOrUnder: 10, criticalOver: 24 },
      provenance: chapter("Strike Rolls And Defenses; Ranged Attacks"),
    },
    { key: "pierce-defence-bonus", values: { bonus: 3 }, provenance: chapter("Pierce (P)") },
    {
      key: "cov-range",
      values: { min: 0, max: 24 },
      provenance: chapter("Making A Called Shot: 24 is total coverage"),
    },
    {
      key: "flee-alt-penalty",
      values: { perFullAction: 10 },
      provenance: chapter("Fleeing Combat"),
    },
    {
      key: "knock-out-threshold",
      values: { over: 10 },
      provenance: chapter("Knock Out/Stun Called Shots"),
    },
    {
      key: "attributes",
      values: { min: 5, max: 95, default: DEFAULT_ATTRIBUTE, check: "d100 at or under" },
      provenance: {
        source: "default",
        ref: "RULES-NOTES.md 003: attributes rated 5-95, checked like percentile skills; 50 when the file gives none",
      },
    },
    {
      key: "hit-points",
      values: { hp: DEFAULT_HP, sp: DEFAULT_SP },
      provenance: {
        source: "default",
        ref: "the chapter has no hit-point rules; 15 HP and 15 SP last a few solid blows, as its 'very few successful strikes' asks",
      },
    },
  ],
};

export const TABLES: readonly DataTable[] = [
  fumbleChart,
  criticalChart,
  knockOutChart,
  calledShots,
  attacks,
  armour,
  constants,
];
