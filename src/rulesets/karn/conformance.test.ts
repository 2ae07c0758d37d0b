// The engine's ruleset conformance suite, run on karn's examples.
import { describeConformance } from "../../engine/test-support/conformance.js";
import type { Ruleset } from "../../engine/ruleset.js";
import { karn } from "./ruleset.js";

const dir = "examples/karn";

describeConformance(karn as unknown as Ruleset, {
  encounters: [
    `${dir}/duel.yaml`,
    `${dir}/ambush-in-the-pass.yaml`,
    `${dir}/chip-and-salemath.yaml`,
    `${dir}/three-orcs.yaml`,
  ],
  exchanges: [
    `${dir}/punch-and-block.yaml`,
    `${dir}/half-action-punch.yaml`,
    `${dir}/axe-on-salemath.yaml`,
    `${dir}/cut-on-chip.yaml`,
    `${dir}/hammer-on-chip.yaml`,
    `${dir}/arrow-on-chip.yaml`,
    `${dir}/exchange-strike.yaml`,
    `${dir}/exchange-two-halves.yaml`,
    `${dir}/exchange-half-and-save.yaml`,
  ],
});
