// The chapter's sections ("12 Combat", TNT after Codex Martialis), cited by explanations, code
// comments and the coverage table. Titles are the chapter's own headings; the last three are
// where Fray fills a gap the chapter leaves (RULES-NOTES.md, section 000).
import type { Section } from "../../engine/choice.js";

function section(id: string, title: string): Section {
  return { id, title };
}

export const SECTIONS = {
  onsetRange: section("onset-range", "Onset range"),
  combatDice: section("combat-dice", "Combat dice"),
  changingRange: section("changing-the-range", "Changing the range"),
  rangedAndGrappling: section("ranged-combat-and-grappling", "Ranged combat and grappling"),
  damage: section("damage", "Damage"),
  criticalDamage: section("critical-damage", "Critical damage"),
  attackInAnger: section("attack-in-anger", "Attack in anger"),
  masterStroke: section("the-master-stroke", "The master stroke"),
  armour: section("armor-and-damage-reduction", "Armor and damage reduction"),
  offense: section("offense", "Offense"),
  passiveDefence: section("passive-defense", "Passive defense"),
  activeDefence: section("active-defense", "Active defense"),
  ranges: section("combat-ranges", "Combat ranges and how to change them"),
  scores: section("calculate-attack-and-defense-scores", "Calculate attack and defense scores"),
  hitOrMiss: section("calculating-hit-or-miss", "Calculating hit or miss"),
  calculatingDamage: section("calculating-damage", "Calculating damage"),
  critDice: section("weapon-damage-type-damage-dice", "Weapon damage-type damage dice"),
  counterAttack: section("counter-attack", "Counter-attack (Codex Martialis default)"),
  hitPoints: section("hit-points", "Hit points (Fray default)"),
  initiative: section("initiative", "Initiative (Fray default)"),
} as const;

export const SECTION_LIST: readonly Section[] = Object.values(SECTIONS);
