// The engine's ruleset conformance suite, run on tnt's examples.
import { describeConformance } from "../../engine/test-support/conformance.js";
import type { Ruleset } from "../../engine/ruleset.js";
import { tnt } from "./ruleset.js";

const dir = "examples/tnt";

describeConformance(tnt as unknown as Ruleset, {
  encounters: [`${dir}/duel.yaml`, `${dir}/group-fight.yaml`, `${dir}/dagger-and-greatsword.yaml`],
  exchanges: [`${dir}/exchange-attack-3.yaml`, `${dir}/exchange-attack-2-defend-1.yaml`],
});
