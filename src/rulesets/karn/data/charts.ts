// The chapter's charts as data: the fumble chart and the critical chart (Criticals And Fumbles)
// and the knock-out chart (Knock Out/Stun Called Shots), with the d% bands of each column, and
// the called-shot penalties the chapter lists as examples (Making A Called Shot). RULES-NOTES.md
// (003) checks that the charts are complete and contiguous; `charts.test.ts` checks it again.
import { CHOP, CRUSH, CUT, PIERCE } from "./damage-types.js";

/** A band of a d% column: low to high inclusive (100 is "00"); null where the chart has a dash. */
export type Band = readonly [number, number] | null;

export const FUMBLE_COLUMNS = ["hand", "swing", "thrust", "other"] as const;
export type FumbleColumn = (typeof FUMBLE_COLUMNS)[number];
export const FUMBLE_COLUMN_TITLES: Record<FumbleColumn, string> = {
  hand: "H to H",
  swing: "Swing",
  thrust: "Thrust",
  other: "Other",
};

export const FUMBLES = [
  "bad-miss",
  "all-turned-around",
  "dropped-weapon",
  "flung-weapon",
  "overexerted-self",
  "hit-other",
] as const;
export type FumbleResult = (typeof FUMBLES)[number];
export const BAD_MISS = 0;
export const TURNED_AROUND = 1;
export const DROPPED_WEAPON = 2;
export const FLUNG_WEAPON = 3;
export const OVEREXERTED = 4;
export const HIT_OTHER = 5;

export const FUMBLE_NAMES: readonly string[] = [
  "Bad Miss",
  "All Turned Around",
  "Dropped Weapon",
  "Flung Weapon",
  "Overexerted Self",
  "Hit Other",
];

/**
 * What each fumble costs the fumbler in SP: Bad Miss 1, All Turned Around 2, Dropped Weapon 1D6,
 * Flung Weapon 2D4, Overexerted Self 2D4; Hit Other 1D6 striking an opponent (2D6 a bystander,
 * 3D6 an ally).
 */
export const FUMBLE_SP: readonly string[] = ["1", "2", "1d6", "2d4", "2d4", "1d6"];

/** Fumble chart bands: FUMBLE_BANDS[column][result]. */
export const FUMBLE_BANDS: Record<FumbleColumn, readonly Band[]> = {
  hand: [[1, 30], [31, 50], null, null, [51, 80], [81, 100]],
  swing: [
    [1, 20],
    [21, 50],
    [51, 60],
    [61, 80],
    [81, 90],
    [91, 100],
  ],
  thrust: [
    [1, 30],
    [31, 40],
    [41, 65],
    [66, 70],
    [71, 90],
    [91, 100],
  ],
  other: [
    [1, 30],
    [31, 40],
    [41, 60],
    [61, 70],
    [71, 90],
    [91, 100],
  ],
};

export const CRITICAL_COLUMNS = ["Cu", "Ch", "Cr", "P", "Other"] as const;
export type CriticalColumn = (typeof CRITICAL_COLUMNS)[number];

/** The critical chart's column for a damage type index (burn, electrical, chemical: Other). */
export function criticalColumn(type: number): CriticalColumn {
  if (type === CUT) return "Cu";
  if (type === CHOP) return "Ch";
  if (type === CRUSH) return "Cr";
  if (type === PIERCE) return "P";
  return "Other";
}

export const CRITICALS = [
  "surface",
  "severe-surface",
  "deep-tissue",
  "internal",
  "crippling",
  "death-blow",
] as const;
export type CriticalResult = (typeof CRITICALS)[number];
export const SURFACE = 0;
export const SEVERE_SURFACE = 1;
export const DEEP_TISSUE = 2;
export const INTERNAL = 3;
export const CRIPPLING = 4;
export const DEATH_BLOW = 5;

export const CRITICAL_NAMES: readonly string[] = [
  "Surface Damage",
  "Severe Surface Damage",
  "Deep Tissue Damage",
  "Internal Injuries",
  "Crippling Injuries",
  "Death Blow",
];

/** Damage multiplier of each severity in halves (Surface +1/2 is 3 halves); Death Blow is x4. */
export const CRITICAL_HALVES: readonly number[] = [3, 4, 4, 6, 6, 8];

/** SP damage of each severity: dice notation, or a fixed number ("2"); none for Death Blow. */
export const CRITICAL_SP: readonly (string | null)[] = ["2", "1d6", "2d6", "3d6", "4d6", null];

/** Critical chart bands: CRITICAL_BANDS[column][severity]; the top band is open ("100+", "99+"). */
export const CRITICAL_BANDS: Record<CriticalColumn, readonly Band[]> = {
  Cu: [
    [1, 25],
    [26, 60],
    [61, 80],
    [81, 95],
    [96, 99],
    [100, 100],
  ],
  Ch: [
    [1, 15],
    [16, 35],
    [36, 80],
    [81, 90],
    [91, 98],
    [99, 100],
  ],
  Cr: [
    [1, 20],
    [21, 40],
    [41, 70],
    [71, 90],
    [91, 98],
    [99, 100],
  ],
  P: [
    [1, 10],
    [11, 20],
    [21, 75],
    [76, 95],
    [96, 98],
    [99, 100],
  ],
  Other: [
    [1, 20],
    [21, 50],
    [51, 80],
    [81, 95],
    [96, 99],
    [100, 100],
  ],
};

export const KNOCK_OUTS = ["woozy", "stun", "black-out", "knock-out"] as const;
export type KnockOutResult = (typeof KNOCK_OUTS)[number];
export const WOOZY = 0;
export const STUN = 1;
export const BLACK_OUT = 2;
export const KNOCKED_OUT = 3;
export const KNOCK_OUT_NAMES: readonly string[] = ["Woozy", "Stun", "Black Out", "Knock Out"];
export const KNOCK_OUT_BANDS: readonly Band[] = [
  [1, 60],
  [61, 80],
  [81, 90],
  [91, 100],
];
/** SP damage of each knock-out result. */
export const KNOCK_OUT_SP: readonly string[] = ["1d4", "1d6", "2d6", "2d6"];

/** The result of a d% roll in a column of bands, or -1 when no band holds it. */
export function bandOf(bands: readonly Band[], roll: number): number {
  for (let i = 0; i < bands.length; i += 1) {
    const b = bands[i];
    if (b !== null && b !== undefined && roll >= b[0] && roll <= b[1]) return i;
  }
  return -1;
}

/** Called shots the chapter gives as examples, with their penalties to strike (the GM's call). */
export const CALLED_SHOTS = {
  "arm-or-leg": { name: "an arm or leg", penalty: 2 },
  kidney: { name: "a kidney punch", penalty: 6 },
  groin: { name: "a general groin shot", penalty: 4 },
  head: { name: "the head", penalty: 5 },
  eye: { name: "an eye", penalty: 10 },
  artery: { name: "the artery on the left inner thigh", penalty: 15 },
  "knock-out": { name: "a knock-out blow to the back or side of the head", penalty: 5 },
} as const;
export type CalledShot = keyof typeof CALLED_SHOTS;
export const CALLED_SHOT_KEYS = Object.keys(CALLED_SHOTS) as CalledShot[];
