/**
 * How one out of the fight is said, from its ruleset's word for it (a view's `outAs`), the same on
 * the last result's lines and on the cards: a word that says it left the fight by itself stands
 * alone (tnt's "taken out", Swords & Wizardry's "knocked out", Dungeons of Olde's "left the
 * fight"); any other ("fled", "dead", "down") is said as a way of being out.
 */
export function saysOut(outAs: string): boolean {
  return /\b(?:out|fight)\b/u.test(outAs);
}

const OUT = "out of the fight";

/**
 * Why one fell out of the fight, said once: "out of the fight (fled)", "(dead)" or "(down)" at -8
 * HP in Swords & Wizardry, where Knuckles, unhurt, was said "out of the fight" and no more; a
 * ruleset's word that says it left the fight itself alone, tnt's "taken out", Swords & Wizardry's
 * "knocked out", Dungeons of Olde's "left the fight" (it read "out of the fight (taken out)").
 * The last result's lines say it, and the GM's line of what several steps played did.
 */
export function outText(outAs: string | undefined): string {
  if (outAs === undefined) return OUT;
  return saysOut(outAs) ? outAs : `${OUT} (${outAs})`;
}
