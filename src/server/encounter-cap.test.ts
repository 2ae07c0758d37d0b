// The cap on the encounters one database holds (encounter-cap.ts): a new encounter, a log
// resumed and a branch are each refused past it with a 409 that says how to make room, before any
// work and with nothing stored; deleting one makes room again.
import { describe, expect, it, vi } from "vitest";
import type { App } from "./app.js";
import { ENCOUNTERS_VARIABLE, MAX_ENCOUNTERS } from "./encounter-cap.js";
import type { EncounterSummaryJson } from "./encounter-json.js";
import { appForEachTest, exampleText, send } from "./test-support/app.js";

let app: App;
appForEachTest((made) => (app = made));

const DUEL = { file: exampleText("tnt/duel.yaml") };

const ids = async (): Promise<number[]> =>
  (
    await send<{ encounters: EncounterSummaryJson[] }>(app, "GET", "/encounters")
  ).body.encounters.map((e) => e.id);

describe("the encounters a database holds", () => {
  it("are 10,000 unless FRAY_MAX_ENCOUNTERS says otherwise", () => {
    expect(MAX_ENCOUNTERS).toBe(10_000);
    expect(ENCOUNTERS_VARIABLE).toBe("FRAY_MAX_ENCOUNTERS");
  });

  it("past the cap, a new one, a resumed log and a branch are refused, saying how to make room", async () => {
    vi.stubEnv(ENCOUNTERS_VARIABLE, "3");
    const first = await send(app, "POST", "/encounters", DUEL);
    expect(first.status).toBe(201);
    expect((await send(app, "POST", "/encounters", DUEL)).status).toBe(201);
    const branched = await send(app, "POST", `/encounters/${first.body.id}/branch`, {});
    expect(branched.status).toBe(201);
    const stored = await ids();
    expect(stored).toHaveLength(3);

    const refusal = {
      status: 409,
      body: {
        error: "the database holds 3 encounters, the most it keeps (3)",
        where: "encounters",
        hint: "delete encounters you no longer need (DELETE /encounters/:id, or Delete on the console's list; a fight's log is kept by GET /encounters/:id/log), or start the server with FRAY_MAX_ENCOUNTERS set higher",
      },
    };
    expect(await send(app, "POST", "/encounters", DUEL)).toEqual(refusal);
    expect(await send(app, "POST", `/encounters/${first.body.id}/branch`, {})).toEqual(refusal);
    const log = await app.inject({ method: "GET", url: `/encounters/${first.body.id}/log` });
    expect(await send(app, "POST", "/encounters/from-log", { log: log.body })).toEqual(refusal);
    expect(await ids()).toEqual(stored);

    // Deleting one makes room for one.
    expect((await send(app, "DELETE", `/encounters/${first.body.id}`)).status).toBe(204);
    const again = await send(app, "POST", "/encounters/from-log", { log: log.body });
    expect(again.status).toBe(201);
    expect(await send(app, "POST", "/encounters", DUEL)).toEqual(refusal);
  });
});
