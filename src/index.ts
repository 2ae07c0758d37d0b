// The public library API of Fray.
export { FrayError } from "./core/errors.js";
export { Rng, type RngState } from "./core/random.js";
