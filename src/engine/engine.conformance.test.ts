// The engine's own fixture ruleset passes the conformance suite every ruleset runs.
import { fileURLToPath } from "node:url";
import { describeConformance } from "./test-support/conformance.js";
import { skirmish } from "./test-support/skirmish.js";

const file = (name: string) =>
  fileURLToPath(new URL(`./test-support/files/${name}`, import.meta.url));

describeConformance(skirmish, {
  encounters: [file("skirmish-duel.yaml"), file("skirmish-group.yaml")],
  exchanges: [file("skirmish-exchange.yaml")],
});
