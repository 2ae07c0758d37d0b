// Every command of the `fray` CLI, each registered by its own module.
import type { Command } from "commander";
import { registerSim } from "./sim.js";
import { registerSweep } from "./sweep.js";
import { registerAdvise } from "./advise.js";

export type RegisterCommand = (program: Command) => void;

export const commands: readonly RegisterCommand[] = [registerSim, registerSweep, registerAdvise];
