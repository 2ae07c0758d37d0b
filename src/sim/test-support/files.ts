// Encounter definitions for the simulation's tests, built from the engine's skirmish fixture files.
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { parseEncounterFile, type EncounterDefinition } from "../../engine/encounter-file.js";
import { rulesets } from "./registry.js";

export const SKIRMISH_FILES = new URL("../../engine/test-support/files/", import.meta.url);

export function skirmishFile(name: string): Record<string, unknown> {
  return parse(readFileSync(new URL(name, SKIRMISH_FILES), "utf8")) as Record<string, unknown>;
}

export function skirmishEncounter(content: unknown, source = "test"): EncounterDefinition {
  return parseEncounterFile(content, rulesets, source);
}

export const duel = () =>
  skirmishEncounter(skirmishFile("skirmish-duel.yaml"), "skirmish-duel.yaml");
