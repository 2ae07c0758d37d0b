// The cap on one encounter's log (log-cap.ts): past it an answer, Fray's roll, a decision by
// policy, auto-play and a change by hand are refused with a 409 that says how to play on, and
// nothing is stored; undo still works; a log resumed or a branch over the cap is not stored.
import { describe, expect, it, vi } from "vitest";
import type { App } from "./app.js";
import type { EncounterJson } from "./encounter-json.js";
import { LOG_VARIABLE, MAX_LOG } from "./log-cap.js";
import { appForEachTest, exampleText, send } from "./test-support/app.js";

let app: App;
appForEachTest((made) => (app = made));

/** Fray's roll, or the policy's decision, at the pending choice of encounter `id`. */
async function step(id: number): Promise<{ status: number; body: unknown }> {
  const now = (await send(app, "GET", `/encounters/${id}`)).body;
  return send(app, "POST", `/encounters/${id}/${now.pending!.kind === "roll" ? "roll" : "policy"}`);
}

const answers = async (id: number): Promise<number> =>
  (await send(app, "GET", `/encounters/${id}`)).body.answers;

describe("one encounter's log", () => {
  it("holds 10,000 answers unless FRAY_MAX_LOG says otherwise", () => {
    expect(MAX_LOG).toBe(10_000);
    expect(LOG_VARIABLE).toBe("FRAY_MAX_LOG");
  });

  it("past the cap refuses every move that would lengthen it, saying how to play on; undo still works", async () => {
    vi.stubEnv(LOG_VARIABLE, "3");
    const created = await send(app, "POST", "/encounters", { file: exampleText("tnt/duel.yaml") });
    const { id } = created.body;
    for (let i = 0; i < 3; i++) expect((await step(id)).status).toBe(200);
    expect(await answers(id)).toBe(3);

    const refusal = {
      status: 409,
      body: {
        error: `encounter ${id}'s log would hold 4 answers, over the most an encounter on the server keeps (3)`,
        where: "log",
        hint: `play the fight on with the fray command, which has no such limit: save its log (GET /encounters/${id}/log, or "Download the log" under its history) and run fray play on it; or start the server with FRAY_MAX_LOG set higher`,
      },
    };
    expect(await step(id)).toEqual(refusal);
    expect(await send(app, "POST", `/encounters/${id}/autoplay`, { until: "end" })).toEqual(
      refusal,
    );
    const ruling = { change: { op: "end", winner: null, reason: "the GM's ruling" } };
    expect(await send(app, "POST", `/encounters/${id}/changes`, ruling)).toEqual(refusal);
    expect(await answers(id)).toBe(3);

    // Undo shortens the log, and a move fills it again to the cap.
    const undone = await send(app, "POST", `/encounters/${id}/undo`, { steps: 1 });
    expect(undone.body.answers).toBe(2);
    // Auto-play to the end stops where the log would pass the cap (not at the fight's end, tens
    // of answers on), and stores nothing of it.
    const played = await send(app, "POST", `/encounters/${id}/autoplay`, { until: "end" });
    expect(played).toEqual({
      status: 409,
      body: {
        ...refusal.body,
        error: `auto-play stopped, storing nothing, where encounter ${id}'s log would hold 4 answers, over the most an encounter on the server keeps (3)`,
      },
    });
    expect(await answers(id)).toBe(2);
    expect((await step(id)).status).toBe(200);
    expect(await step(id)).toEqual(refusal);
    expect(await answers(id)).toBe(3);
  });

  it("refuses a resumed log or a branch longer than the cap, storing nothing", async () => {
    const created = await send(app, "POST", "/encounters", { file: exampleText("tnt/duel.yaml") });
    const { id } = created.body;
    for (let i = 0; i < 3; i++) expect((await step(id)).status).toBe(200);
    const log = (await app.inject({ method: "GET", url: `/encounters/${id}/log` })).body;
    vi.stubEnv(LOG_VARIABLE, "2");
    const refusal = {
      status: 409,
      body: {
        error: "the log holds 3 answers, over the most an encounter on the server keeps (2)",
        where: "log",
        hint: "play it on with the fray command, which has no such limit (fray play log.jsonl), or branch it at an earlier answer; or start the server with FRAY_MAX_LOG set higher",
      },
    };
    expect(await send(app, "POST", "/encounters/from-log", { log })).toEqual(refusal);
    // Refused once read, before its replay: a log over the cap whose last answer would not
    // replay is refused as too long, where its replay took a long log's seconds first.
    const lines = log.trimEnd().split("\n");
    const last = JSON.parse(lines.at(-1)!) as { type: string; kind: string };
    expect(last).toMatchObject({ type: "answer", kind: "decide" });
    lines[lines.length - 1] = JSON.stringify({ ...last, value: "no such choice" });
    const unplayable = lines.join("\n");
    expect(await send(app, "POST", "/encounters/from-log", { log: unplayable })).toEqual(refusal);
    vi.stubEnv(LOG_VARIABLE, "3");
    const replayed = await send(app, "POST", "/encounters/from-log", { log: unplayable });
    expect(replayed).toMatchObject({
      status: 400,
      body: { where: expect.stringMatching(/^log:\d+/) },
    });
    vi.stubEnv(LOG_VARIABLE, "2");
    expect(await send(app, "POST", `/encounters/${id}/branch`, {})).toEqual(refusal);
    const listed = await send<{ encounters: EncounterJson[] }>(app, "GET", "/encounters");
    expect(listed.body.encounters.map((e) => e.id)).toEqual([id]);
    // At an earlier answer, within the cap, a branch is stored.
    const branched = await send(app, "POST", `/encounters/${id}/branch`, { at: 2 });
    expect(branched.status).toBe(201);
    expect(branched.body.answers).toBe(2);
  });
});
