// The rulesets Fray ships, by id.
import type { Ruleset } from "../engine/ruleset.js";
import { cartyrion } from "./cartyrion/index.js";
import { dungeonsOfOlde } from "./dungeons-of-olde/index.js";
import { karn } from "./karn/index.js";
import { swordsWizardryFitz } from "./swords-wizardry-fitz/index.js";
import { tnt } from "./tnt/index.js";

export const rulesets: Readonly<Record<string, Ruleset>> = {
  cartyrion,
  "dungeons-of-olde": dungeonsOfOlde,
  karn,
  "swords-wizardry-fitz": swordsWizardryFitz,
  tnt,
};
