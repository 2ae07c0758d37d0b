// The `karn` ruleset's public surface.
export { karn } from "./ruleset.js";
export type { KarnState } from "./state.js";
