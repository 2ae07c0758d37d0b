// Default policies: what a sensible duellist does with combat dice. Each weighs expected damage
// (exact, from odds.ts and expectations.ts) as a share of the hit points it threatens, so a
// fighter presses a wounded foe, guards when badly hurt, keeps dice back while foes have yet to
// act, and moves to the range where its weapon tells.
export { attackShape } from "./expectations.js";
export {
  allocationPolicy,
  GUARD,
  attackOptionsPolicy,
  bypassPolicy,
  counterPolicy,
  opportunityPolicy,
  targetPolicy,
  twistPolicy,
} from "./attack-policies.js";
export { defencePolicy } from "./defence-policy.js";
export { closePolicy, grapplePolicy, movePolicy, type MoveChoice } from "./move-policies.js";
export { preferredRange } from "./policy-values.js";
