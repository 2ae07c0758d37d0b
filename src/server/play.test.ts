import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { playToEnd } from "../engine/autoplay.js";
import { Encounter } from "../engine/encounter.js";
import { parseEncounterFile } from "../engine/encounter-file.js";
import { logLines } from "../engine/log.js";
import { rulesets } from "../rulesets/index.js";
import { readDataFile } from "../app/files.js";
import type { App } from "./app.js";
import type { EncounterJson } from "./encounter-json.js";
import {
  createTombril,
  examplePath,
  exampleText,
  gmStatus,
  send,
  testApp,
  TOMBRIL,
} from "./test-support/app.js";

let app: App;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

/** The chapter's worked example (Damage Dice, "Example"), as `fray play --manual` takes it. */
async function playTheChaptersDice(id: number): Promise<EncounterJson> {
  const url = `/encounters/${id}`;
  expect((await send(app, "POST", `${url}/answer`, { dice: [5] })).status).toBe(200); // initiative
  const tombril = (await send(app, "GET", url)).body.pending;
  expect(tombril).toMatchObject({ kind: "decide", actor: "tombril" });
  if (tombril?.kind !== "decide") throw new Error("a decision is pending");
  await send(app, "POST", `${url}/answer`, { choice: tombril.default }); // attack the giant
  await send(app, "POST", `${url}/answer`, { dice: [5, 3, 4, 3, 2] });
  await send(app, "POST", `${url}/policy`); // the giant attacks back
  const last = await send(app, "POST", `${url}/answer`, { dice: [6, 5, 3, 6, 2, 6, 5, 1, 6, 2] });
  expect(last.status).toBe(200);
  return last.body;
}

describe("playing an encounter over HTTP", () => {
  it("creates the chapter's example from its YAML, waiting for the initiative roll", async () => {
    const created = await createTombril(app);
    expect(created).toMatchObject({
      id: 1,
      title: "Tombril and the Hill Giant",
      ruleset: "cartyrion",
      seed: 5,
      round: 0,
      status: "pending",
      answers: 0,
      canRedo: 0,
      version: 1,
      branchOf: null,
    });
    expect(created.pending).toMatchObject({
      kind: "roll",
      label: expect.stringContaining("initiative"),
      notation: expect.stringMatching(/d6$/),
      min: 1,
      max: 6,
      faces: null,
    });
    expect(gmStatus(created, "giant")).toMatch(/^68\/68 SP/);
    expect(created.sides.map((s) => s.id)).toEqual(["party", "opponents"]);
    const listed = await send<{ encounters: unknown[] }>(app, "GET", "/encounters");
    expect(listed.body.encounters).toEqual([
      expect.objectContaining({ id: 1, status: "pending", answers: 0 }),
    ]);
  });

  it("takes the chapter's dice: the giant at 37 SP, Tombril at 12 SP, every result explained", async () => {
    const { id } = await createTombril(app);
    const after = await playTheChaptersDice(id);
    expect(gmStatus(after, "giant")).toMatch(/^37\/68 SP/);
    expect(gmStatus(after, "tombril")).toMatch(/^12\/55 SP/);
    const texts = after.explanations.map((e) => e.text).join("\n");
    expect(texts).toContain("31 SP are taken from Hill Giant's 68, leaving 37 SP");
    expect(texts).toContain("43 SP are taken from Tombril's 55, leaving 12 SP");
    expect(after).toMatchObject({ answers: 5, version: 6 });
    // A player of the party sees how the giant fares, not its stamina.
    const seenByParty = after.views.sides["party"]!.find((v) => v.id === "giant")!;
    expect(seenByParty.status).not.toContain("37/68");
    expect(JSON.stringify(after.views.sides["opponents"])).not.toContain("12/55");
  });

  it("lists the answers given, the dice typed at the table with them", async () => {
    const { id } = await createTombril(app);
    const after = await playTheChaptersDice(id);
    expect(
      after.log.map((a) => (a.kind === "decide" ? `${a.actor}: ${a.question}` : a.label)),
    ).toEqual([
      "the first round's initiative",
      "tombril: action",
      "Tombril's damage",
      "giant: action",
      "Hill Giant's damage",
    ]);
    expect(after.log[1]).toEqual({
      kind: "decide",
      actor: "tombril",
      question: "action",
      value: "attack:giant:shortsword",
      prompt: "Tombril's turn (55/55 SP, 0/12 injuries, Move 40 ft): what does Tombril do?",
      label: "attack Hill Giant with the shortsword +2",
    });
    expect(after.log[2]).toMatchObject({ kind: "roll", value: 17, by: "table" });
    expect(after.log[4]).toMatchObject({ kind: "roll", value: 42, by: "table" });
  });

  it("describes a pending decision: prompt, choices with their groups, default and the schema of an answer", async () => {
    const { id } = await createTombril(app);
    const { body } = await send(app, "POST", `/encounters/${id}/answer`, { dice: [5] });
    const pending = body.pending;
    if (pending?.kind !== "decide") throw new Error("a decision is pending");
    expect(pending.prompt).not.toBe("");
    expect(pending.choices?.length).toBeGreaterThan(0);
    expect(pending.choices?.map((c) => c.value)).toContainEqual(pending.default);
    expect(pending.schema).toBeTypeOf("object");
    // Each option of Tombril's action with its group, for the console's headings.
    const groupOf = new Map(pending.choices?.map((c) => [c.value, c.group]));
    expect(groupOf.get("attack:giant:shortsword")).toBe("attack");
    expect(groupOf.get("parry:weapon")).toBe("defend");
    expect(groupOf.get("withdraw")).toBe("move");
    expect(groupOf.get("wait")).toBe("other");
  });

  it("takes the file as YAML itself, and a seed that overrides the file's", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/encounters",
      headers: { "content-type": "application/yaml" },
      payload: exampleText(TOMBRIL),
    });
    expect(res.statusCode).toBe(201);
    expect((res.json() as EncounterJson).seed).toBe(5);
    const seeded = await createTombril(app, 9);
    expect(seeded.seed).toBe(9);
  });

  it("rolls with Fray's seeded dice and autoplays: the same log as fray play --auto --seed 8", async () => {
    const { id } = await createTombril(app, 8);
    const rolled = await send(app, "POST", `/encounters/${id}/roll`);
    expect(rolled.body.answers).toBe(1);
    const round = await send(app, "POST", `/encounters/${id}/autoplay`, { until: "round" });
    expect(round.body.round).toBe(1);
    const end = await send(app, "POST", `/encounters/${id}/autoplay`);
    expect(end.body.status).toBe("over");
    expect(end.body.outcome?.reason).not.toBe("");
    const log = await app.inject({ method: "GET", url: `/encounters/${id}/log` });
    expect(log.headers["content-type"]).toContain("application/x-ndjson");
    const definition = parseEncounterFile(readDataFile(examplePath(TOMBRIL)), rulesets, "t");
    const expected = playToEnd(new Encounter(definition), 8);
    expect(log.body).toBe(logLines(expected, 8).join("\n") + "\n");
  });

  it("refuses to answer once the fight is over (409), and to roll at a decision", async () => {
    const { id } = await createTombril(app);
    await send(app, "POST", `/encounters/${id}/roll`);
    const roll = await send(app, "POST", `/encounters/${id}/roll`);
    expect(roll.status).toBe(409);
    expect(roll.body).toMatchObject({ error: expect.stringContaining("not a roll") });
    await send(app, "POST", `/encounters/${id}/autoplay`, { until: "end" });
    const late = await send(app, "POST", `/encounters/${id}/policy`);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      error: expect.stringContaining("the fight is over"),
      hint: expect.stringContaining("undo"),
    });
    const advice = await send(app, "GET", `/encounters/${id}/advice`);
    expect(advice.status).toBe(409);
    expect(advice.body).toMatchObject({
      error: expect.stringMatching(/^the fight is over \(.+\): there is nothing to answer$/),
      hint: expect.stringContaining("undo"),
    });
  });
  it("asks the dice's range and takes a die's result alone where the rules read the dice (swords-wizardry-fitz's attack, karn's strike)", async () => {
    const make = async (example: string) =>
      (await send(app, "POST", "/encounters", { file: exampleText(example) })).body.id;
    // Sir Aldous fights, the Black Knight charges; initiative 4 and 5; Aldous's BCB +1/+1.
    const duel = await make("swords-wizardry-fitz/duel.yaml");
    const url = `/encounters/${duel}`;
    await send(app, "POST", `${url}/policy`);
    for (const body of [{ choice: "charge:aldous" }, { dice: [4] }, { dice: [5] }, { choice: 1 }])
      await send(app, "POST", `${url}/answer`, body);
    const attack = (await send(app, "GET", url)).body.pending;
    // The answer is fumble, miss, hit or natural 20 (0 to 3): the table rolls a d20.
    expect(attack).toMatchObject({ kind: "roll", notation: "1d20", min: 1, max: 20, open: false });
    const hit = await send(app, "POST", `${url}/answer`, { total: 15 });
    expect(hit.status).toBe(200);
    expect(hit.body.log.at(-1)).toMatchObject({ kind: "roll", value: 2, dice: "[15] = 15" });

    // karn's strike reads the strike die and the dodge die: their sum alone is refused.
    const karn = await make("karn/duel.yaml");
    const kurl = `/encounters/${karn}`;
    let now = (await send(app, "GET", kurl)).body;
    while (now.pending?.kind !== "roll" || now.pending.notation !== "2d20") {
      const kind = now.pending?.kind === "roll" ? "roll" : "policy";
      now = (await send(app, "POST", `${kurl}/${kind}`)).body;
    }
    expect(now.pending).toMatchObject({ min: 2, max: 40 });
    const sum = await send(app, "POST", `${kurl}/answer`, { total: 20 });
    expect(sum.status).toBe(400);
    expect(sum.body).toMatchObject({
      error: expect.stringContaining("the rules read each die of 2d20, not the result alone"),
      hint: "type every die rolled, in the order rolled",
    });
  });
});
