// Default armour. The chapter rates armour by its coverage (COV, 0 to 24), and for each damage
// type a protection and the most damage the armour itself takes from one attack (written
// "6 (3)"), plus its hit points (Armor And Clothing), but gives no table: these suits are
// defaults of Fray's, in the chapter's format. Any armour may be a full record in the file.
import type { Provenance } from "../../../engine/ruleset.js";
import type { DamageType } from "./damage-types.js";

/** Protection and damage rating for one damage type: "6 (3)" is [6, 3]. */
export type Rating = readonly [number, number];

export interface ArmourRecord {
  readonly name: string;
  /** Coverage: a modified strike roll at or under it strikes the armour first (24 = total). */
  readonly cov: number;
  readonly hp: number;
  readonly ratings: Partial<Record<DamageType, Rating>>;
  /** COV of single areas for called shots (24 = fully covered), where it differs from `cov`. */
  readonly areas: Readonly<Record<string, number>>;
  /** Fully protects the back of the head and neck against crush (no knock-out). */
  readonly protectsNeck: boolean;
}

function suit(
  name: string,
  cov: number,
  hp: number,
  ratings: Partial<Record<DamageType, Rating>>,
  more: Partial<ArmourRecord> = {},
): ArmourRecord {
  return { name, cov, hp, ratings, areas: {}, protectsNeck: false, ...more };
}

export const ARMOURS: Readonly<Record<string, ArmourRecord>> = {
  none: suit("No armour", 0, 0, {}),
  padded: suit("Padded armour", 16, 15, {
    cut: [2, 3],
    chop: [1, 3],
    crush: [2, 2],
    pierce: [1, 3],
    chemical: [1, 2],
  }),
  leather: suit("Leather armour", 14, 20, {
    cut: [2, 3],
    chop: [1, 4],
    crush: [1, 2],
    pierce: [1, 3],
    burn: [1, 2],
    chemical: [1, 2],
  }),
  "studded-leather": suit("Studded leather", 16, 25, {
    cut: [3, 3],
    chop: [2, 4],
    crush: [1, 2],
    pierce: [2, 3],
    burn: [1, 2],
    chemical: [1, 2],
  }),
  "chain-mail": suit("Chain mail", 18, 40, {
    cut: [6, 3],
    chop: [3, 4],
    crush: [1, 2],
    pierce: [2, 3],
    chemical: [1, 2],
  }),
  scale: suit("Scale armour", 18, 45, {
    cut: [5, 3],
    chop: [4, 4],
    crush: [2, 2],
    pierce: [3, 3],
    burn: [1, 2],
    chemical: [1, 2],
  }),
  plate: suit(
    "Plate armour",
    22,
    60,
    {
      cut: [8, 3],
      chop: [6, 4],
      crush: [3, 1],
      pierce: [5, 3],
      burn: [1, 2],
      electrical: [0, 2],
      chemical: [2, 2],
    },
    { areas: { head: 24 }, protectsNeck: true },
  ),
};

export function armourProvenance(key: string): Provenance {
  if (key === "none") return { source: "chapter", ref: "Armor And Clothing: no armour, no COV" };
  return {
    source: "default",
    ref: "the chapter gives the format (COV, protection (damage rating) per type, hit points) but no table; ratings echo its examples (Cut 6 (3), Crush 3 (1), Chop 1 (4))",
  };
}
