// Every command of the `fray` CLI, each registered by its own module.
import type { Command } from "commander";

export type RegisterCommand = (program: Command) => void;

export const commands: readonly RegisterCommand[] = [];
