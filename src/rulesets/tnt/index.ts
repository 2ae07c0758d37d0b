// The `tnt` ruleset's public surface.
export { tnt } from "./ruleset.js";
export type { TntState } from "./state.js";
