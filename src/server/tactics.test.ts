// Tactics through the HTTP API: a ruleset's profiles and questions, a simulation's `tactics` (as
// fray sim --tactics), an encounter's tactics kept from its file and changed by PUT .../tactics.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rulesets } from "../rulesets/index.js";
import type { App } from "./app.js";
import type { ErrorBody } from "./errors.js";
import { readDataFile } from "../app/files.js";
import { encounterFightOdds } from "../app/fight-odds.js";
import { parseTacticsText, withTactics } from "../app/tactics-assignment.js";
import { parseEncounterFile, type EncounterDefinition } from "../engine/encounter-file.js";
import { readLog } from "../engine/log.js";
import { runSimulation } from "../sim/runner.js";
import {
  createTombril,
  examplePath,
  exampleText,
  send,
  testApp,
  TOMBRIL,
} from "./test-support/app.js";

interface Side {
  readonly id: string;
  readonly win: { readonly p: number };
}
interface SimulationJson {
  readonly sides: readonly Side[];
  readonly tactics: Record<string, unknown>;
  readonly timing?: unknown;
}

const AMBUSH = "cartyrion/ambush-on-the-forest-road.yaml";
const goblinsWin = (sim: SimulationJson) => sim.sides.find((s) => s.id === "goblins")!.win.p;
/** A side's chance to win in a simulation's summary. */
const sideWins = (side: string, summary: object) =>
  (summary as SimulationJson).sides.find((s) => s.id === side)!.win.p;
const withoutTiming = ({ timing: _timing, ...rest }: SimulationJson) => rest;

let app: App;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

describe("GET /rulesets/:id: the tactics", () => {
  it("lists cartyrion's profiles, default first, each with the line the ruleset gives it, and its questions with what they ask", async () => {
    const { status, body } = await send<{
      tactics: {
        profiles: { name: string; description: string }[];
        questions: {
          question: string;
          description: string;
          by: string;
          section?: { id: string; title: string };
        }[];
      };
    }>(app, "GET", "/rulesets/cartyrion");
    expect(status).toBe(200);
    const { profiles, questions } = body.tactics;
    expect(profiles.map((p) => p.name)).toEqual([
      "default",
      "cautious",
      "reckless",
      "sparing",
      "search",
    ]);
    expect(profiles.find((p) => p.name === "reckless")!.description).toBe(
      rulesets.cartyrion!.tactics.profiles["reckless"]!.description,
    );
    expect(profiles.find((p) => p.name === "reckless")!.description).toContain("never withdraws");
    expect(questions.map((q) => q.question)).toEqual(
      Object.keys(rulesets.cartyrion!.tactics.questions),
    );
    expect(questions.find((q) => q.question === "action")).toEqual({
      question: "action",
      description:
        "what it does on its turn: attack (and whom, with which weapon, a Power Attack or not), move, parry, withdraw ...",
      by: "combatant",
      section: { id: "combat-turn", title: "The Combat Turn" },
    });
    expect(questions.find((q) => q.question === "next")).toMatchObject({ by: "side" });
    expect(questions.find((q) => q.question === "sneak-attack")).toEqual({
      question: "sneak-attack",
      description: "whether a sneak attack's positioning conditions are met",
      by: "gm",
      section: { id: "sneak-attacks", title: "Sneak Attacks" },
    });
    // Only "action" is a combatant's own: the rest are the GM's rulings and the side's turn order.
    expect(questions.filter((q) => q.by === "combatant").map((q) => q.question)).toEqual([
      "action",
    ]);
  });
});

describe("POST /simulations with tactics", () => {
  // The server's fights against the CLI's at one seed: equal at any number of runs. 400 of nine
  // combatants each, four times over, not 2,000 (seven seconds of one core, all but this).
  const RUNS = 400;
  const simulate = (tactics?: object) =>
    send<SimulationJson>(app, "POST", "/simulations", {
      file: exampleText(AMBUSH),
      runs: RUNS,
      seed: 7,
      ...(tactics === undefined ? {} : { tactics }),
    });

  it("plays reckless goblins: the win rate fray sim --tactics goblins=reckless gives for the seed, not the default's", async () => {
    const plain = await simulate();
    const reckless = await simulate({ goblins: "reckless" });
    expect(plain.status).toBe(200);
    expect(reckless.status).toBe(200);
    // What fray sim <file> --runs 400 --seed 7 --workers 1 [--tactics goblins=reckless] plays
    // (sim.ts: withTactics, then runSimulation): the goblins won 14.4% by default and 16.05%
    // reckless in 2,000 runs when this was written (docs/tactics.md).
    const definition = parseEncounterFile(readDataFile(examplePath(AMBUSH)), rulesets, AMBUSH);
    const cli = async (tactics: string) => {
      const played = withTactics(
        definition,
        parseTacticsText(tactics, "--tactics"),
        rulesets,
        "--tactics",
      );
      const result = await runSimulation({ definition: played, seed: 7, runs: RUNS, workers: 1 });
      return result.summary.sides.find((s) => s.id === "goblins")!.win.p;
    };
    expect(goblinsWin(plain.body)).toBe(await cli("default"));
    expect(goblinsWin(reckless.body)).toBe(await cli("goblins=reckless"));
    expect(goblinsWin(reckless.body)).not.toBe(goblinsWin(plain.body));
    expect(plain.body.tactics).toMatchObject({ "goblin-1": "default", bram: "default" });
    expect(reckless.body.tactics).toMatchObject({
      "goblin-1": "reckless",
      boss: "reckless",
      bram: "default",
    });
  });

  it("a combatant's profile beats its side's, which beats everyone's", async () => {
    const { body } = await simulate({ "*": "cautious", goblins: "reckless", boss: "default" });
    expect(body.tactics).toMatchObject({
      janine: "cautious",
      "goblin-2": "reckless",
      boss: "default",
    });
  });

  it("refuses an unknown profile, side or question, or the GM's ruling as a combatant's, with 400, naming the field and what there is", async () => {
    const brave = await send<ErrorBody>(app, "POST", "/simulations", {
      file: exampleText(AMBUSH),
      runs: 10,
      tactics: { goblins: "brave" },
    });
    expect(brave.status).toBe(400);
    expect(brave.body.error).toBe(
      'tactics.goblins: unknown tactics profile "brave"; this ruleset\'s profiles: default, cautious, reckless, sparing, search',
    );
    const orcs = await send<ErrorBody>(app, "POST", "/simulations", {
      file: exampleText(AMBUSH),
      runs: 10,
      tactics: { orcs: "reckless" },
    });
    expect(orcs.status).toBe(400);
    expect(orcs.body.error).toMatch(
      /^tactics: "orcs" is neither a side nor a combatant of .*; sides: party, goblins; combatants: janine, bram, archer, cedryk, goblin-1, /,
    );
    const question = await send<ErrorBody>(app, "POST", "/simulations", {
      file: exampleText(AMBUSH),
      runs: 10,
      tactics: { bram: { questions: { flee: "reckless" } } },
    });
    expect(question.status).toBe(400);
    expect(question.body.error).toMatch(
      /^tactics\.bram\.questions\.flee: this ruleset asks no question "flee"; a combatant's questions: action \(what it does on its turn: attack .*\)$/,
    );
    const ruling = await send<ErrorBody>(app, "POST", "/simulations", {
      file: exampleText(AMBUSH),
      runs: 10,
      tactics: { bram: { questions: { cover: "reckless" } } },
    });
    expect(ruling.status).toBe(400);
    expect(ruling.body.error).toMatch(
      /^tactics\.bram\.questions\.cover: "cover" \(whether there is cover where a combatant wants to hide\) is the GM's ruling, not a decision of the combatant's: its tactics do not answer it; a combatant's questions: action \(/,
    );
    expect(ruling.body.where).toBe("tactics.bram.questions.cover");
    const number = await send<ErrorBody>(app, "POST", "/simulations", {
      file: exampleText(AMBUSH),
      runs: 10,
      tactics: { bram: 3 },
    });
    expect(number.status).toBe(400);
    expect(number.body.where).toContain("tactics");
  });
});

describe("an encounter's tactics", () => {
  it("keeps the file's: the worked example's sparing Tombril and giant", async () => {
    const created = await createTombril(app);
    expect(created.tactics).toEqual({ tombril: "sparing", giant: "sparing" });
    const read = await send(app, "GET", `/encounters/${created.id}`);
    expect(read.body.tactics).toEqual({ tombril: "sparing", giant: "sparing" });
  });

  it("PUT .../tactics changes them from now on, keeping the answers, and the simulation plays them", async () => {
    const { id, version } = await createTombril(app, 5);
    const url = `/encounters/${id}`;
    expect((await send(app, "POST", `${url}/answer`, { dice: [5] })).status).toBe(200);
    const before = await send(app, "GET", url);
    const put = await send(app, "PUT", `${url}/tactics`, {
      tactics: { tombril: "reckless" },
      version: version + 1,
    });
    expect(put.status).toBe(200);
    expect(put.body.version).toBe(version + 2);
    expect(put.body.tactics).toEqual({ tombril: "reckless", giant: "sparing" });
    expect(put.body.log).toEqual(before.body.log);
    expect(put.body.views).toEqual(before.body.views);
    // The log's header holds the file, tactics and all.
    const log = (await app.inject({ method: "GET", url: `${url}/log` })).body;
    expect(JSON.parse(log.split("\n")[0]!).file.combatants[0].tactics).toBe("reckless");
    // From the start, the encounter's fights are POST /simulations' with the same tactics.
    const fromStart = await send<SimulationJson>(app, "POST", `${url}/simulations`, {
      from: "start",
      runs: 1000,
      seed: 3,
    });
    const file = await send<SimulationJson>(app, "POST", "/simulations", {
      file: exampleText(TOMBRIL),
      runs: 1000,
      seed: 3,
      tactics: { tombril: "reckless" },
    });
    expect(withoutTiming(fromStart.body)).toEqual(withoutTiming(file.body));
    expect(fromStart.body.tactics).toEqual({ tombril: "reckless", giant: "sparing" });
  });

  it("the fight's exact odds play the tactics PUT gives: the alley's left cutpurse turned cautious", async () => {
    const file = "cartyrion/cutpurses-in-an-alley.yaml";
    const created = await send(app, "POST", "/encounters", { file: exampleText(file) });
    const url = `/encounters/${created.body.id}`;
    type Odds = { readonly sides: readonly { readonly id: string; readonly win: number }[] };
    const leftWins = (odds: Odds) => odds.sides.find((s) => s.id === "left")!.win;
    const before = await send<Odds>(app, "POST", `${url}/fight-odds`, {});
    expect(before.status).toBe(200);
    expect(
      (await send(app, "PUT", `${url}/tactics`, { tactics: { left: "cautious" } })).status,
    ).toBe(200);
    const after = await send<Odds>(app, "POST", `${url}/fight-odds`, {});
    const definition = parseEncounterFile(readDataFile(examplePath(file)), rulesets, file);
    const exact = (tactics: Record<string, string>) =>
      encounterFightOdds(withTactics(definition, tactics, rulesets, "t"), {
        answers: [],
        maxStates: 1_000_000,
        maxRounds: 500,
      });
    expect(leftWins(before.body)).toBe(leftWins(exact({})));
    expect(leftWins(after.body)).toBe(leftWins(exact({ left: "cautious" })));
    // Withdrawing sooner changes the fight: the twin cutpurses win 50.0% each with the default
    // tactics, and the left one 42.0% when he alone plays cautious, when this was written (both
    // reckless is 50.0% again: a mirror stays a mirror).
    expect(leftWins(after.body)).not.toBeCloseTo(leftWins(before.body), 2);
  });

  it("a simulation's tactics are for its fights only: the encounter keeps its own", async () => {
    const { id } = await createTombril(app);
    const sim = await send<SimulationJson>(app, "POST", `/encounters/${id}/simulations`, {
      runs: 200,
      tactics: { giant: "cautious" },
    });
    expect(sim.status).toBe(200);
    expect(sim.body.tactics).toEqual({ tombril: "sparing", giant: "cautious" });
    expect((await send(app, "GET", `/encounters/${id}`)).body.tactics.giant).toBe("sparing");
  });

  it("refuses a bad profile or a stale version, changing nothing", async () => {
    const { id, version } = await createTombril(app);
    const url = `/encounters/${id}`;
    const bad = await send<ErrorBody>(app, "PUT", `${url}/tactics`, {
      tactics: { giant: "berserk" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(
      'tactics.giant: unknown tactics profile "berserk"; this ruleset\'s profiles: default, cautious, reckless, sparing, search',
    );
    const none = await send<ErrorBody>(app, "PUT", `${url}/tactics`, { tactics: {} });
    expect(none.status).toBe(400);
    expect(none.body.error).toContain("name at least one side or combatant");
    const stale = await send<ErrorBody>(app, "PUT", `${url}/tactics`, {
      tactics: { giant: "reckless" },
      version: version + 5,
    });
    expect(stale.status).toBe(409);
    const now = await send(app, "GET", url);
    expect(now.body.version).toBe(version);
    expect(now.body.tactics).toEqual({ tombril: "sparing", giant: "sparing" });
  });
});

describe("a late arrival's tactics", () => {
  /** Tombril's stat block from the worked example, as a second Tombril with `tactics`. */
  const secondTombril = (tactics?: unknown) => {
    const file = readDataFile(examplePath(TOMBRIL)) as { combatants: Record<string, unknown>[] };
    const block = { ...file.combatants[0]! };
    delete block["tactics"];
    return {
      ...block,
      id: "tombril-2",
      name: "Tombril 2",
      ...(tactics === undefined ? {} : { tactics }),
    };
  };

  it("the GM brings one in with tactics: stored with the encounter's definition, not in the log, replayed and played", async () => {
    // A third cutpurse joins Bo in the alley, cautious.
    const ALLEY = "cartyrion/cutpurses-in-an-alley.yaml";
    const alley = readDataFile(examplePath(ALLEY)) as { combatants: Record<string, unknown>[] };
    const third = { ...alley.combatants[1]!, id: "third", name: "Third cutpurse" };
    const created = await send(app, "POST", "/encounters", { file: exampleText(ALLEY), seed: 5 });
    const url = `/encounters/${created.body.id}`;
    const added = await send(app, "POST", `${url}/changes`, {
      change: { op: "add-combatant", combatant: { ...third, tactics: "cautious" } },
    });
    expect(added.status).toBe(200);
    expect(added.body.tactics).toEqual({ ada: "default", bo: "default", third: "cautious" });
    // The log's answer is the block without its tactics; its header's file holds them.
    const log = (await app.inject({ method: "GET", url: `${url}/log` })).body;
    const lines = log
      .trim()
      .split("\n")
      .map(
        (l) =>
          JSON.parse(l) as {
            kind?: string;
            file: Record<string, unknown>;
            change: { combatant: object };
          },
      );
    expect(lines[0]!.file["arrivalTactics"]).toEqual({ third: "cautious" });
    const { change } = lines.find((l) => l.kind === "gm")!;
    expect(change.combatant).toMatchObject({ id: "third", name: "Third cutpurse" });
    expect(change.combatant).not.toHaveProperty("tactics");
    expect((await send(app, "GET", url)).body.tactics.third).toBe("cautious");
    // From here, the encounter's fights are the log's replayed with the arrival cautious: what a
    // simulation of the log gives, and not what it gives with the arrival's default tactics (the
    // right side won 99.25% and 99.5% of 400 fights at seed 3 when this was written).
    const sim = await send<SimulationJson>(app, "POST", `${url}/simulations`, {
      runs: 400,
      seed: 3,
    });
    expect(sim.status).toBe(200);
    expect(sim.body.tactics).toEqual(added.body.tactics);
    const { encounter } = readLog(log, rulesets, "log");
    const answers = [...encounter.log];
    const simulate = async (definition: EncounterDefinition) =>
      (await runSimulation({ definition, answers, seed: 3, runs: 400, workers: 1 })).summary;
    expect(sim.body).toMatchObject(await simulate(encounter.definition));
    const plainFile = { ...lines[0]!.file };
    delete plainFile["arrivalTactics"];
    const plain = await simulate(parseEncounterFile(plainFile, rulesets, "file"));
    expect(sim.body).not.toMatchObject(plain);
    expect(sideWins("right", sim.body)).toBe(0.9925);
    expect(sideWins("right", plain)).toBe(0.995);
  });

  it("PUT .../tactics gives one its profile (by id or by side), and undo of its arrival takes it out of the list", async () => {
    const { id } = await createTombril(app);
    const url = `/encounters/${id}`;
    const added = await send(app, "POST", `${url}/changes`, {
      change: { op: "add-combatant", combatant: secondTombril() },
    });
    expect(added.body.tactics["tombril-2"]).toBe("default");
    // Without tactics, the encounter's file is left as it was.
    const header = (await app.inject({ method: "GET", url: `${url}/log` })).body.split("\n")[0]!;
    expect(JSON.parse(header).file).not.toHaveProperty("arrivalTactics");
    const own = await send(app, "PUT", `${url}/tactics`, { tactics: { "tombril-2": "cautious" } });
    expect(own.status).toBe(200);
    expect(own.body.tactics).toEqual({
      tombril: "sparing",
      giant: "sparing",
      "tombril-2": "cautious",
    });
    const side = await send(app, "PUT", `${url}/tactics`, { tactics: { party: "reckless" } });
    expect(side.body.tactics).toEqual({
      tombril: "reckless",
      giant: "sparing",
      "tombril-2": "reckless",
    });
    const undone = await send(app, "POST", `${url}/undo`, {});
    expect(undone.status).toBe(200);
    expect(undone.body.tactics).toEqual({ tombril: "reckless", giant: "sparing" });
    // Brought in again without tactics, it plays the default, not what the undone one had.
    const again = await send(app, "POST", `${url}/changes`, {
      change: { op: "add-combatant", combatant: secondTombril() },
    });
    expect(again.body.tactics["tombril-2"]).toBe("default");
  });

  it("refuses an arrival's unknown profile at its field, bringing nothing in", async () => {
    const { id, version } = await createTombril(app);
    const url = `/encounters/${id}`;
    const bad = await send<ErrorBody>(app, "POST", `${url}/changes`, {
      change: { op: "add-combatant", combatant: secondTombril("brave") },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(
      'change.combatant: tactics: unknown tactics profile "brave"; this ruleset\'s profiles: default, cautious, reckless, sparing, search',
    );
    expect(bad.body.where).toBe("change.combatant: tactics");
    // A bad block is refused at its own field first, as any arrival's is.
    const badId = await send<ErrorBody>(app, "POST", `${url}/changes`, {
      change: {
        op: "add-combatant",
        combatant: { ...secondTombril("cautious"), id: "tombril two" },
      },
    });
    expect(badId.status).toBe(400);
    expect(badId.body.where).toBe("change.combatant: id");
    const now = await send(app, "GET", url);
    expect(now.body.version).toBe(version);
    expect(Object.keys(now.body.tactics)).toEqual(["tombril", "giant"]);
  });
});

describe("the OpenAPI description", () => {
  it("says a simulation takes tactics, a ruleset lists them and PUT .../tactics sets them", async () => {
    const doc = (await app.inject({ method: "GET", url: "/openapi.json" })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: unknown }>>;
    };
    const bodyOf = (path: string, method: string) =>
      JSON.stringify(doc.paths[path]![method]!.requestBody);
    expect(bodyOf("/simulations", "post")).toContain('"tactics"');
    expect(bodyOf("/encounters/{id}/simulations", "post")).toContain('"tactics"');
    expect(bodyOf("/encounters/{id}/tactics", "put")).toContain("the tactics to play from now on");
    expect(JSON.stringify(doc.paths["/rulesets/{id}"]!["get"]!.responses)).toContain(
      "the profiles a combatant may play",
    );
  });
});
