// The initiative die read four ways ("Determining Turn Order: Initiative" and "Surprise"):
// every round after the first, the first round when neither side expected the fight, and the
// two ambush tables. Each face gives the side that acts first and the side that is surprised.

/** "party" is the player characters' side; "opponents" is every other side. */
export type Camp = "party" | "opponents";

export interface InitiativeResult {
  readonly first: Camp;
  readonly surprised: Camp | null;
  /** How a person reads this face of this table. */
  readonly reading: string;
}

export type InitiativeTable = "standard" | "unexpected" | "opponents-ambush" | "party-ambush";

const r = (first: Camp, surprised: Camp | null, reading: string): InitiativeResult => ({
  first,
  surprised,
  reading,
});

const OPP_FIRST = r("opponents", null, "the opponents act first (1 to 3)");
const PARTY_FIRST = r("party", null, "the party acts first (4 to 6)");
const NOBODY = "nobody is surprised (2 to 5 in the first round)";
const AMBUSHED = r("opponents", "party", "the ambush succeeds and the party is surprised (1 or 2)");
const DETECTED = r("party", null, "the party detects the ambush and acts first (4 to 6)");
const FORESEEN = r("opponents", null, "the opponents detect the ambush and act first (1 to 3)");
const SPRUNG = r(
  "party",
  "opponents",
  "the ambush succeeds and the opponents are surprised (5 or 6)",
);

/**
 * TABLES[table][face - 1]. Each reading says what the face does, then the faces that do it:
 * "initiative die 5: nobody is surprised (2 to 5 in the first round), and the party acts first (4
 * or 5)", where it read "initiative die 5: 2-5 in the first round: nobody is surprised; 4-5 the
 * party acts first".
 */
export const INITIATIVE_TABLES: Readonly<Record<InitiativeTable, readonly InitiativeResult[]>> = {
  standard: [OPP_FIRST, OPP_FIRST, OPP_FIRST, PARTY_FIRST, PARTY_FIRST, PARTY_FIRST],
  unexpected: [
    r("opponents", "party", "the opponents surprise the party (1 in the first round)"),
    r("opponents", null, `${NOBODY}, and the opponents act first (2 or 3)`),
    r("opponents", null, `${NOBODY}, and the opponents act first (2 or 3)`),
    r("party", null, `${NOBODY}, and the party acts first (4 or 5)`),
    r("party", null, `${NOBODY}, and the party acts first (4 or 5)`),
    r("party", "opponents", "the party surprises the opponents (6 in the first round)"),
  ],
  "opponents-ambush": [
    AMBUSHED,
    AMBUSHED,
    r("opponents", null, "the ambushers act first, without surprise (3)"),
    DETECTED,
    DETECTED,
    DETECTED,
  ],
  "party-ambush": [
    FORESEEN,
    FORESEEN,
    FORESEEN,
    r("party", null, "the party acts first, without surprise (4)"),
    SPRUNG,
    SPRUNG,
  ],
};

const STANDARD = INITIATIVE_TABLES.standard;

export function readInitiative(table: InitiativeTable, face: number): InitiativeResult {
  // Every round after the first reads the standard table: no look-up by name for it.
  const row = (table === "standard" ? STANDARD : INITIATIVE_TABLES[table])[face - 1];
  if (row === undefined) throw new RangeError(`initiative die face ${face} is not 1-6`);
  return row;
}
