// The limits of what one request may ask (docs/http-api.md, "Limits and heavy work"): the
// combatants of an encounter, the nesting of a body, a file's YAML; each refused with a 400 that
// says the limit and how to go beyond it, before any work, and nothing stored.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import type { App } from "./app.js";
import { FILE_BODY_LIMIT, MOVE_BODY_LIMIT } from "./error-handler.js";
import { NAME_MOST, TITLE_MOST } from "../engine/encounter-file.js";
import { MAX_COMBATANTS } from "./stored-encounter.js";
import { exampleText, send, testApp } from "./test-support/app.js";

let app: App;

beforeAll(async () => {
  app = await testApp();
});

afterAll(() => app.close());

/** The tnt duel with `count` combatants, alternately on each side. */
function crowd(count: number): Record<string, unknown> {
  const duel = parse(exampleText("tnt/duel.yaml")) as { combatants: Record<string, unknown>[] };
  const [north, south] = duel.combatants as [Record<string, unknown>, Record<string, unknown>];
  const combatants = Array.from({ length: count }, (_, i) => ({
    ...(i % 2 === 0 ? north : south),
    id: `c${i}`,
    name: `Fighter ${i}`,
  }));
  return { ...duel, combatants };
}

describe("the combatants of an encounter", () => {
  it("are at most 100: one more is refused in creation and simulation, naming the field", async () => {
    expect(MAX_COMBATANTS).toBe(100);
    const refusal = {
      error: `file: combatants: 101, over the limit of 100 combatants in an encounter on the server`,
      where: "file: combatants",
      hint: "play or simulate a larger fight with the fray command (fray play, fray sim), which has no such limit; or start the server with fray serve --max-combatants <n>",
    };
    const created = await send(app, "POST", "/encounters", { file: crowd(101) });
    expect(created).toEqual({ status: 400, body: refusal });
    const simulated = await send(app, "POST", "/simulations", { file: crowd(101), runs: 10 });
    expect(simulated).toEqual({ status: 400, body: refusal });
    expect((await send(app, "GET", "/encounters")).body).toEqual({ encounters: [] });
    // 100 are played.
    const hundred = await send(app, "POST", "/encounters", { file: crowd(100) });
    expect(hundred.status).toBe(201);
    expect(hundred.body.views.gm).toHaveLength(100);
  });

  it("are as many as FRAY_MAX_COMBATANTS (fray serve --max-combatants) says", async () => {
    vi.stubEnv("FRAY_MAX_COMBATANTS", "3");
    const four = await send(app, "POST", "/encounters", { file: crowd(4) });
    vi.unstubAllEnvs();
    expect(four).toEqual({
      status: 400,
      body: {
        error: "file: combatants: 4, over the limit of 3 combatants in an encounter on the server",
        where: "file: combatants",
        hint: "play or simulate a larger fight with the fray command (fray play, fray sim), which has no such limit; or start the server with fray serve --max-combatants <n>",
      },
    });
  });
});

describe("the fights of a simulation", () => {
  it("are at most 100,000, or as many as FRAY_MAX_RUNS (fray serve --max-runs) says", async () => {
    const file = exampleText("tnt/duel.yaml");
    const over = await send(app, "POST", "/simulations", { file, runs: 100_001 });
    expect(over).toEqual({
      status: 400,
      body: {
        error:
          "body: runs: 100001 fights, over the limit of 100,000 in one simulation on the server (fray sim has none; fray serve --max-runs <n> raises it)",
        where: "body: runs",
      },
    });
    vi.stubEnv("FRAY_MAX_RUNS", "20");
    const lowered = await send(app, "POST", "/simulations", { file, runs: 21 });
    const within = await send(app, "POST", "/simulations", { file, runs: 20, seed: 1 });
    vi.unstubAllEnvs();
    expect(lowered.status).toBe(400);
    expect(lowered.body).toMatchObject({ where: "body: runs" });
    expect(within.status).toBe(200);
    expect(within.body).toMatchObject({ runs: 20 });
  });
});

describe("a request's body", () => {
  it("a file of more than 100,000 values is a 400 saying the limit, before the file is built", async () => {
    // 2.6 MB: a list of 1.3 million numbers, whose document took 1.16 GB to build.
    const file = `title: a hoard of numbers\nnotes: [${Array(1_300_000).fill("1").join(",")}]\n`;
    const refused = await send(app, "POST", "/encounters", { file });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error:
        "file: more than 100,000 values (keys, numbers, texts, lists), over the limit for a file Fray reads",
      where: "file",
      hint: expect.stringContaining("FRAY_MAX_FILE_VALUES=1_000_000"),
    });
  });

  it("nested deeper than 64 is refused before validation", async () => {
    const deep = "[".repeat(10_000) + "]".repeat(10_000);
    const res = await app.inject({
      method: "POST",
      url: "/simulations",
      headers: { "content-type": "application/json" },
      payload: `{"file": {"deep": ${deep}}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: "body: lists and mappings nested more than 64 deep",
      where: "body",
    });
  });

  it("a log's line nested deeper than 64 is a 400 naming the line, where it failed the server (500)", async () => {
    const created = await send(app, "POST", "/encounters", { file: exampleText("tnt/duel.yaml") });
    const log = (await app.inject({ method: "GET", url: `/encounters/${created.body.id}/log` }))
      .body;
    const header = log.split("\n")[0]!;
    const deep = "[".repeat(10_000) + "0" + "]".repeat(10_000);
    for (const line of [
      `{"type":"answer","n":1,"kind":"gm","change":{"op":"set","combatant":"aldric","field":"hp","value":${deep}}}`,
      `{"type":"answer","n":1,"kind":"decide","actor":"aldric","question":"q","value":${deep}}`,
    ]) {
      const resumed = await send(app, "POST", "/encounters/from-log", {
        log: `${header}\n${line}\n`,
      });
      expect(resumed).toEqual({
        status: 400,
        body: {
          error: "log:2: lists and mappings nested more than 64 deep",
          where: "log:2",
          hint: expect.stringContaining("check that this is the file you meant"),
        },
      });
    }
  });

  it("a name, an id or a title too long to write into every result is a 400 naming it, where a name of a megabyte made auto-play fail (500)", async () => {
    const file = parse(exampleText("tnt/duel.yaml")) as {
      title: string;
      combatants: Record<string, unknown>[];
    };
    const long = "A".repeat(1_000_000);
    const refusal = async (change: (f: typeof file) => void) => {
      const changed = structuredClone(file);
      change(changed);
      const made = await send(app, "POST", "/encounters", { file: changed });
      expect(made.status).toBe(400);
      return made.body as unknown as { error: string; where: string };
    };
    expect(await refusal((f) => (f.combatants[0]!["name"] = long))).toMatchObject({
      error: `file: combatants[0].name: a name is at most ${NAME_MOST} characters`,
      where: "file: combatants[0].name",
    });
    expect(await refusal((f) => (f.title = long))).toMatchObject({
      error: `file: title: a title is at most ${TITLE_MOST} characters`,
    });
    expect(
      await refusal((f) => (f.combatants[1]!["id"] = "b".repeat(NAME_MOST + 1))),
    ).toMatchObject({ where: "file: combatants[1].id" });
    // At the most, a name is taken and the fight plays to its end.
    const most = structuredClone(file);
    most.combatants[0]!["name"] = "A".repeat(NAME_MOST);
    const made = await send(app, "POST", "/encounters", { file: most });
    expect(made.status).toBe(201);
    const played = await send(app, "POST", `/encounters/${made.body.id}/autoplay`, {
      until: "end",
    });
    expect(played.status).toBe(200);
  });

  it("a JSON body of more values than a file holds is refused before it is parsed, where its parse and checks held the server's thread", async () => {
    const keys = Array.from({ length: 100_001 }, (_, i) => `"k${i}":${i}`).join(",");
    const refused = await app.inject({
      method: "POST",
      url: "/encounters",
      headers: { "content-type": "application/json" },
      payload: `{"file": {"ruleset": "tnt", ${keys}}}`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error:
        "body: more than 100,000 values (keys, numbers, texts, lists), over the most a body holds",
      where: "body",
      hint: expect.stringContaining("FRAY_MAX_FILE_VALUES"),
    });
    // Commas and colons inside texts are not values (a YAML comment of 120,000); Fastify's parser still refuses
    // __proto__.
    const text = await send(app, "POST", "/encounters", {
      file: `# ${',:\\" '.repeat(60_000)}\n${exampleText("tnt/duel.yaml")}`,
    });
    expect(text.body).toMatchObject({ id: expect.any(Number) });
    const poisoned = await app.inject({
      method: "POST",
      url: "/encounters",
      headers: { "content-type": "application/json" },
      payload: '{"file": {"__proto__": {"x": 1}}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it("on the routes that take an encounter file is at most 8 MB: 15 MB of strings, which no text limit counted, took the server's thread to read and parse", async () => {
    expect(FILE_BODY_LIMIT).toBe(8 * 1024 * 1024);
    const payload = JSON.stringify({
      file: { ruleset: "tnt", title: "x".repeat(FILE_BODY_LIMIT), combatants: [] },
    });
    for (const url of ["/encounters", "/encounters/check"]) {
      const huge = await app.inject({
        method: "POST",
        url,
        payload,
        headers: { "content-type": "application/json" },
      });
      expect(huge.statusCode, url).toBe(413);
      expect(huge.json(), url).toEqual({
        error: "Request body is too large",
        where: "body",
        hint: "a body on this route is at most 8 MB: an encounter file's text is at most 4 MB (a larger fight goes to the fray command)",
      });
    }
    // A file of the largest text (4 MB, a comment filling it), sent in JSON, is read and checked
    // as before.
    const duel = exampleText("tnt/duel.yaml");
    const file = `${duel}\n# ${"x".repeat(4 * 1024 * 1024 - duel.length - 4)}\n`;
    expect(file.length).toBe(4 * 1024 * 1024);
    const largest = await app.inject({
      method: "POST",
      url: "/encounters/check",
      payload: { file },
    });
    expect(largest.json()).toEqual({ title: expect.any(String), ruleset: "tnt" });
  });

  it("a file missing or of the wrong kind says what the file is", async () => {
    const missing = await send(app, "POST", "/encounters", {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error:
        "body: file: the file is missing: give its YAML or JSON text, or its content as an object",
    });
    const list = await send(app, "POST", "/encounters", { file: [1] });
    expect(list.body).toMatchObject({
      error:
        "body: file: the file is its YAML or JSON text, or its content as an object, not a list",
    });
  });

  it("a file of several YAML documents, or with too many aliases, is a 400 naming the file", async () => {
    const twoDocs = await send(app, "POST", "/encounters", {
      file: "ruleset: tnt\n---\nruleset: tnt\n",
    });
    expect(twoDocs.status).toBe(400);
    expect(twoDocs.body).toMatchObject({
      error: "file:2:1: a second YAML document starts here (---); a Fray file is one document",
      hint: "remove the --- line, or split the file in two",
    });
    const lol = ["a: &a [x, x, x, x, x, x, x, x, x]"];
    for (const [prev, next] of ["ab", "bc", "cd", "de", "ef", "fg", "gh", "hi"].map((p) =>
      p.split(""),
    )) {
      lol.push(
        `${next}: &${next} [*${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}]`,
      );
    }
    const bomb = await send(app, "POST", "/encounters", { file: lol.join("\n") });
    expect(bomb.status).toBe(400);
    expect(bomb.body).toMatchObject({
      error: "file: too many aliases (*name): they would expand the file far beyond its size",
    });
  });
});

describe("a move in a fight", () => {
  it("of a player's is at most 64 KB: 16 MB of dice (8 million, 9-11 s of the server's thread) is refused before it is read, saying the route's limit", async () => {
    expect(MOVE_BODY_LIMIT).toBe(64 * 1024);
    const { id } = await send<{ id: number }>(app, "POST", "/encounters", {
      file: exampleText("tnt/duel.yaml"),
    }).then((r) => r.body);
    const link = await send<{ token: string }>(app, "POST", `/encounters/${id}/players`, {
      name: "Anna",
      side: "north",
    });
    expect(link.status).toBe(201);
    const move = (url: string, payload: string) =>
      app.inject({
        method: "POST",
        url,
        payload,
        headers: { "content-type": "application/json", authorization: `Bearer ${link.body.token}` },
      });
    for (const url of ["/player/answer", "/player/roll", "/player/policy"]) {
      const huge = await move(url, `{"dice":[${"1,".repeat(MOVE_BODY_LIMIT / 2)}1]}`);
      expect(huge.statusCode, url).toBe(413);
      expect(huge.json()).toEqual({
        error: "Request body is too large",
        where: "body",
        hint: "a body on this route is at most 64 KB: what it takes is short (an answer, a version)",
      });
    }
    // Within it, the player's move is read and played as before (Fray rolls the pending roll).
    const small = await move("/player/roll", "{}");
    expect(small.statusCode).toBe(200);
  });
  it("of the GM's is at most 64 KB too: 16 MB of dice took the server's thread 6.6 s, every other request waiting; a stat block or a log goes where files go", async () => {
    const { id } = await send<{ id: number }>(app, "POST", "/encounters", {
      file: exampleText("tnt/duel.yaml"),
    }).then((r) => r.body);
    const dice = `{"dice":[${"1,".repeat(MOVE_BODY_LIMIT / 2)}1]}`;
    for (const route of [
      "answer",
      "policy",
      "roll",
      "autoplay",
      "tactics",
      "undo",
      "redo",
      "branch",
      "changes",
      "reroll",
    ]) {
      const huge = await app.inject({
        method: route === "tactics" ? "PUT" : "POST",
        url: `/encounters/${id}/${route}`,
        payload: dice,
        headers: { "content-type": "application/json" },
      });
      expect(huge.statusCode, route).toBe(413);
      expect(huge.json(), route).toEqual({
        error: "Request body is too large",
        where: "body",
        hint: "a body on this route is at most 64 KB: what it takes is short (an answer, a version)",
      });
    }
    // Within it, the GM's answer is read and played as before: the duel's first roll, typed.
    const typed = await send<{ answers: number }>(app, "POST", `/encounters/${id}/answer`, {
      total: 3,
    });
    expect(typed.status).toBe(200);
    expect(typed.body.answers).toBe(1);
  });
});
