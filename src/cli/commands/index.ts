// Every command of the `fray` CLI, each registered by its own module.
import type { Command } from "commander";
import { registerOdds } from "./odds.js";
import { registerPlay } from "./play.js";
import { registerReplay } from "./replay.js";
import { registerRoll } from "./roll.js";
import { registerRules } from "./rules.js";
import { registerSim } from "./sim.js";
import { registerSweep } from "./sweep.js";
import { registerMerge } from "./merge.js";
import { registerAdvise } from "./advise.js";
import { registerAudit } from "./audit.js";
import { registerServe } from "./serve.js";

export type RegisterCommand = (program: Command) => void;

export const commands: readonly RegisterCommand[] = [
  registerRoll,
  registerOdds,
  registerPlay,
  registerReplay,
  registerRules,
  registerSim,
  registerSweep,
  registerMerge,
  registerAdvise,
  registerAudit,
  registerServe,
];
