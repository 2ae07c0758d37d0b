/**
 * How one out of the fight is said, from its ruleset's word for it (a view's `outAs`), the same on
 * the last result's lines and on the cards: a word that says it left the fight by itself stands
 * alone (tnt's "taken out", Swords & Wizardry's "knocked out", Dungeons of Olde's "left the
 * fight"); any other ("fled", "dead", "down") is said as a way of being out.
 */
export function saysOut(outAs: string): boolean {
  return /\b(?:out|fight)\b/u.test(outAs);
}
