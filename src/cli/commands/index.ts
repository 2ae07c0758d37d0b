// Every command of the `fray` CLI, each registered by its own module, by name in the order of
// `fray --help`. A module is loaded only when wanted (main.ts): a fresh process running one
// command then compiles that command's modules only, not every command's (the charts' libraries,
// the audit's search, the simulation's runner) before it starts.
import type { Command } from "commander";

export type RegisterCommand = (program: Command) => void;

export const commands: Readonly<Record<string, () => Promise<RegisterCommand>>> = {
  roll: async () => (await import("./roll.js")).registerRoll,
  odds: async () => (await import("./odds.js")).registerOdds,
  play: async () => (await import("./play.js")).registerPlay,
  replay: async () => (await import("./replay.js")).registerReplay,
  rules: async () => (await import("./rules.js")).registerRules,
  sim: async () => (await import("./sim.js")).registerSim,
  sweep: async () => (await import("./sweep.js")).registerSweep,
  merge: async () => (await import("./merge.js")).registerMerge,
  advise: async () => (await import("./advise.js")).registerAdvise,
  audit: async () => (await import("./audit.js")).registerAudit,
  serve: async () => (await import("./serve.js")).registerServe,
};
