// The chapter's sections (The Land of Karn FRPG, Basic Version, "Combat Rules"), cited by
// explanations, code comments and the coverage table. Titles are the chapter's own headings; the
// last one names where Fray fills a gap the chapter leaves (RULES-NOTES.md, section 003).
import type { Section } from "../../engine/choice.js";

function section(id: string, title: string): Section {
  return { id, title };
}

export const SECTIONS = {
  quickChart: section("combat-melee-quick-chart", "Combat Melee Quick Chart"),
  melee: section("what-is-a-melee", "What Is a Melee"),
  timing: section("timing-within-a-melee", "Timing Within A Melee"),
  initiative: section("initiative", "1. Initiative"),
  winnerChooses: section("winner-chooses-attacks", "2. Winner Chooses Attack(s)"),
  fleeing: section("fleeing-combat", "Fleeing Combat"),
  defenderChooses: section("defender-chooses", "3. Defender Chooses Defense/Counterattack(s)"),
  winnerDefends: section("winner-may-choose-defense", "4. Winner May Choose Defense"),
  rollAndCompare: section("roll-and-compare", "5. Roll and Compare"),
  applyDamage: section("roll-and-apply-damage", "6. Roll and apply damage (if any)"),
  startOver: section("start-over", "7. Start Over (if necessary)"),
  pairings: section("combat-pairings", "Combat Pairings"),
  multiple: section("multiple-attackers-or-defenders", "Multiple Attackers Or Defenders"),
  splitting: section("splitting-actions", "Splitting Actions"),
  strikeRolls: section("strike-rolls-and-defenses", "Strike Rolls And Defenses"),
  basicDefences: section("basic-defenses", "Basic Defenses"),
  armour: section("armor-and-clothing", "Armor And Clothing"),
  weaponTraining: section("weapon-training", "Weapon Training"),
  rangedAttacks: section("ranged-attacks", "Ranged Attacks"),
  rangedDefence: section("defending-against-ranged-attacks", "Defending Against Ranged Attacks"),
  pierce: section("pierce", "Pierce (P)"),
  otherDamage: section("other-physical-damage-types", "Other Physical Damage Types"),
  modifiers: section("modifiers", "Modifiers"),
  calledShots: section("making-a-called-shot", "Making A Called Shot"),
  knockOut: section("knock-out-stun-called-shots", "Knock Out/Stun Called Shots"),
  fumble: section("fumble", "Fumble"),
  critical: section("critical", "Critical"),
  health: section("hit-points-and-stamina", "Hit points and stamina (Fray default)"),
} as const;

export const SECTION_LIST: readonly Section[] = Object.values(SECTIONS);
