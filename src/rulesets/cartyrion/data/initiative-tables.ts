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

const OPP_FIRST = r("opponents", null, "1-3: the opponents act first");
const PARTY_FIRST = r("party", null, "4-6: the party acts first");

/** TABLES[table][face - 1]. */
export const INITIATIVE_TABLES: Readonly<Record<InitiativeTable, readonly InitiativeResult[]>> = {
  standard: [OPP_FIRST, OPP_FIRST, OPP_FIRST, PARTY_FIRST, PARTY_FIRST, PARTY_FIRST],
  unexpected: [
    r("opponents", "party", "1 in the first round: the opponents surprise the party"),
    r(
      "opponents",
      null,
      "2-5 in the first round: nobody is surprised; 2-3 the opponents act first",
    ),
    r(
      "opponents",
      null,
      "2-5 in the first round: nobody is surprised; 2-3 the opponents act first",
    ),
    r("party", null, "2-5 in the first round: nobody is surprised; 4-5 the party acts first"),
    r("party", null, "2-5 in the first round: nobody is surprised; 4-5 the party acts first"),
    r("party", "opponents", "6 in the first round: the party surprises the opponents"),
  ],
  "opponents-ambush": [
    r("opponents", "party", "1-2: the ambush succeeds and the party is surprised"),
    r("opponents", "party", "1-2: the ambush succeeds and the party is surprised"),
    r("opponents", null, "3: the ambushers act first, without surprise"),
    r("party", null, "4-6: the party detects the ambush and acts first"),
    r("party", null, "4-6: the party detects the ambush and acts first"),
    r("party", null, "4-6: the party detects the ambush and acts first"),
  ],
  "party-ambush": [
    r("opponents", null, "1-3: the opponents detect the ambush and act first"),
    r("opponents", null, "1-3: the opponents detect the ambush and act first"),
    r("opponents", null, "1-3: the opponents detect the ambush and act first"),
    r("party", null, "4: the party acts first, without surprise"),
    r("party", "opponents", "5-6: the ambush succeeds and the opponents are surprised"),
    r("party", "opponents", "5-6: the ambush succeeds and the opponents are surprised"),
  ],
};

const STANDARD = INITIATIVE_TABLES.standard;

export function readInitiative(table: InitiativeTable, face: number): InitiativeResult {
  // Every round after the first reads the standard table: no look-up by name for it.
  const row = (table === "standard" ? STANDARD : INITIATIVE_TABLES[table])[face - 1];
  if (row === undefined) throw new RangeError(`initiative die face ${face} is not 1-6`);
  return row;
}
