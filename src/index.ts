// The public library API of Fray.
export { FrayError } from "./core/errors.js";
export { Rng, type RngState } from "./core/random.js";
export { Dist, type DistEntry, type Versus } from "./core/dist.js";
export {
  compileDice,
  Dice,
  formatDie,
  formatRoll,
  NotationError,
  odds,
  roll,
  type DiceNode,
  type DiceTerm,
  type DieResult,
  type DieSource,
  type Roll,
  type SeededRoll,
} from "./core/dice/index.js";
