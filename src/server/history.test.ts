import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { App } from "./app.js";
import { createTombril, gmStatus, send, testApp } from "./test-support/app.js";

let app: App;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

/** The chapter's first exchange: initiative 5, Tombril's default, his 5d6! roll of 17. */
async function tombrilStrikes(): Promise<number> {
  const { id } = await createTombril(app);
  await send(app, "POST", `/encounters/${id}/answer`, { dice: [5] });
  await send(app, "POST", `/encounters/${id}/policy`);
  await send(app, "POST", `/encounters/${id}/answer`, { dice: [5, 3, 4, 3, 2] });
  return id;
}

describe("undo, redo and branches over HTTP", () => {
  it("undoes any number of answers and redoes them, to the same state", async () => {
    const id = await tombrilStrikes();
    const struck = (await send(app, "GET", `/encounters/${id}`)).body;
    expect(gmStatus(struck, "giant")).toMatch(/^37\/68 SP/);
    const undone = await send(app, "POST", `/encounters/${id}/undo`, { steps: 2 });
    expect(undone.body).toMatchObject({ answers: 1, canRedo: 2 });
    expect(gmStatus(undone.body, "giant")).toMatch(/^68\/68 SP/);
    const redone = await send(app, "POST", `/encounters/${id}/redo`, { steps: 5 });
    expect(redone.body).toMatchObject({ answers: 3, canRedo: 0 });
    expect(redone.body.views).toEqual(struck.views);
    expect(redone.body.explanations).toEqual(struck.explanations);
  });

  it("undoes the last decision with its rolls as one step, and redoes it whole", async () => {
    const id = await tombrilStrikes();
    const struck = (await send(app, "GET", `/encounters/${id}`)).body;
    const step = { steps: 1, unit: "decision" };
    const undone = await send(app, "POST", `/encounters/${id}/undo`, step);
    // Tombril's attack and its 5d6! roll go; the initiative roll before them stays.
    expect(undone.body).toMatchObject({ answers: 1, canRedo: 2 });
    expect(undone.body.pending).toMatchObject({ kind: "decide", actor: "tombril" });
    expect(gmStatus(undone.body, "giant")).toMatch(/^68\/68 SP/);
    const all = await send(app, "POST", `/encounters/${id}/undo`, { ...step, steps: 5 });
    expect(all.body).toMatchObject({ answers: 0, canRedo: 3 });
    // Redo mirrors undo: the initiative roll before the first decision, taken back as a step of
    // its own, comes back alone (one redo gave back both steps), then the attack with its roll.
    const initiative = await send(app, "POST", `/encounters/${id}/redo`, step);
    expect(initiative.body).toMatchObject({ answers: 1, canRedo: 2 });
    expect(initiative.body.pending).toMatchObject({ kind: "decide", actor: "tombril" });
    const redone = await send(app, "POST", `/encounters/${id}/redo`, step);
    expect(redone.body).toMatchObject({ answers: 3, canRedo: 0 });
    expect(redone.body.views).toEqual(struck.views);
    expect(redone.body.explanations).toEqual(struck.explanations);
    const none = await send(app, "POST", `/encounters/${id}/redo`, step);
    expect(none.status).toBe(409);
    const typo = await send(app, "POST", `/encounters/${id}/undo`, { unit: "round" });
    expect(typo.status).toBe(400);
    expect(typo.body).toMatchObject({ where: "body: unit" });
  });

  it("keeps redo when the answer given is the one undone, and drops it for another", async () => {
    const id = await tombrilStrikes();
    await send(app, "POST", `/encounters/${id}/undo`, { steps: 2 });
    const same = await send(app, "POST", `/encounters/${id}/policy`);
    expect(same.body).toMatchObject({ answers: 2, canRedo: 1 });
    const other = await send(app, "POST", `/encounters/${id}/answer`, {
      dice: [6, 6, 6, 1, 1, 1, 1, 1],
    });
    expect(other.body).toMatchObject({ answers: 3, canRedo: 0 });
    expect(other.body.explanations.map((e) => e.text).join("\n")).toMatch(/: 23\b/);
  });

  it("branches a what-if as a new encounter, leaving the first as it was", async () => {
    const id = await tombrilStrikes();
    const branch = await send(app, "POST", `/encounters/${id}/branch`, { at: 2 });
    expect(branch.status).toBe(201);
    expect(branch.body).toMatchObject({ answers: 2, canRedo: 0, branchOf: { id, at: 2 } });
    expect(branch.body.id).not.toBe(id);
    const whatIf = await send(app, "POST", `/encounters/${branch.body.id}/answer`, {
      dice: [6, 6, 6, 6, 6, 1, 1, 1, 1, 1],
    });
    expect(whatIf.body.explanations.map((e) => e.text).join("\n")).toMatch(/: 35\b/);
    expect((await send(app, "GET", `/encounters/${id}`)).body).toMatchObject({ answers: 3 });
    const whole = await send(app, "POST", `/encounters/${id}/branch`);
    expect(whole.body).toMatchObject({ answers: 3, branchOf: { id, at: 3 } });
    const tooFar = await send(app, "POST", `/encounters/${id}/branch`, { at: 9 });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body).toMatchObject({ where: "body.at", hint: "give a number from 0 to 3" });
  });

  it("fights the same fight again with other dice: a branch at 0 with a seed of its own", async () => {
    const id = await tombrilStrikes();
    const first = (await send(app, "GET", `/encounters/${id}`)).body;
    const again = await send(app, "POST", `/encounters/${id}/branch`, { at: 0, seed: 77 });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ answers: 0, seed: 77, branchOf: { id, at: 0 } });
    expect(again.body.title).toBe(first.title);
    // Fray's dice come from the new seed: its first roll is not the first encounter's.
    const rolled = async (at: number) =>
      (await send(app, "POST", `/encounters/${at}/roll`)).body.explanations.map(
        (e: { text: string }) => e.text,
      );
    const byOldSeed = await send(app, "POST", `/encounters/${id}/branch`, { at: 0 });
    expect(byOldSeed.body.seed).toBe(first.seed);
    expect(await rolled(again.body.id)).not.toEqual(await rolled(byOldSeed.body.id));
    const bad = await send(app, "POST", `/encounters/${id}/branch`, { at: 0, seed: 1.5 });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ where: "body: seed" });
  });

  it("refuses undo with nothing to undo, redo with nothing to redo (409)", async () => {
    const { id } = await createTombril(app);
    expect((await send(app, "POST", `/encounters/${id}/undo`)).status).toBe(409);
    expect((await send(app, "POST", `/encounters/${id}/redo`)).status).toBe(409);
  });

  it("refuses a change made against an older version (409), changing nothing", async () => {
    const id = await tombrilStrikes();
    const now = (await send(app, "GET", `/encounters/${id}`)).body;
    const stale = await send(app, "POST", `/encounters/${id}/undo`, { version: now.version - 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ where: "version", hint: "get it again, then retry" });
    expect((await send(app, "GET", `/encounters/${id}`)).body).toEqual(now);
    const fresh = await send(app, "POST", `/encounters/${id}/undo`, { version: now.version });
    expect(fresh.body.version).toBe(now.version + 1);
  });

  it("deletes an encounter", async () => {
    const { id } = await createTombril(app);
    expect((await send(app, "DELETE", `/encounters/${id}`)).status).toBe(204);
    expect((await send(app, "GET", `/encounters/${id}`)).status).toBe(404);
    expect((await send(app, "DELETE", `/encounters/${id}`)).status).toBe(404);
  });
});
