import { connect } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { App } from "./app.js";
import type { ErrorBody } from "./errors.js";
import { createTombril, exampleText, send, testApp, TOMBRIL } from "./test-support/app.js";

let app: App;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

const refused = (app: App, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
  send<ErrorBody>(app, method, url, payload);

describe("bad requests get 400, 404 or 409 with where and how to fix it", () => {
  it("an encounter file with a wrong field: the file's field and what is allowed", async () => {
    const file = exampleText(TOMBRIL).replace("weapons: [club]", "weapons: [clubb]");
    const res = await refused(app, "POST", "/encounters", { file });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^file: combatants\[1\]\.weapons.*clubb/);
    expect(res.body.where).toMatch(/^file: combatants\[1\]\.weapons/);
    const yaml = await refused(app, "POST", "/encounters", { file: "ruleset: [cartyrion" });
    expect(yaml.status).toBe(400);
    expect(yaml.body).toMatchObject({
      where: expect.stringMatching(/^file:1:/),
      hint: "fix the YAML syntax there",
    });
    const ruleset = await refused(app, "POST", "/encounters", {
      file: {
        ruleset: "gurps",
        combatants: [
          { id: "a", side: "x" },
          { id: "b", side: "y" },
        ],
      },
    });
    expect(ruleset.body.error).toContain('unknown ruleset "gurps"; known:');
  });

  it("a seed past 2^53 - 1, in the file or the body: the range and the fix, not zod's words", async () => {
    const file = exampleText(TOMBRIL).replace(/^seed: .*$/m, "seed: 18014398509481984");
    const res = await refused(app, "POST", "/encounters", { file });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error:
        "file: seed: a seed is a whole number from -9007199254740991 to 9007199254740991 (2^53 - 1): write one in that range, or leave seed out (the dice then start from seed 1)",
      where: "file: seed",
    });
    const body = await refused(app, "POST", "/encounters", {
      file: exampleText(TOMBRIL),
      seed: 2 ** 54,
    });
    expect(body.status).toBe(400);
    expect(body.body.error).toBe(
      "body: seed: a seed is a whole number from -9007199254740991 to 9007199254740991 (2^53 - 1): write one in that range, or leave seed out (the dice then keep to the default seed of this request)",
    );
  });

  it("a body that is not what the route takes: the field, or the unknown one", async () => {
    const { id } = await createTombril(app);
    const zero = await refused(app, "POST", `/encounters/${id}/undo`, { steps: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.where).toBe("body: steps");
    const typo = await refused(app, "POST", `/encounters/${id}/undo`, { step: 2 });
    expect(typo.body).toMatchObject({
      error: 'body: step: unknown field "step"',
      where: "body: step",
    });
    const notJson = await app.inject({
      method: "POST",
      url: "/encounters",
      headers: { "content-type": "application/json" },
      payload: "{ruleset",
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ error: expect.any(String), hint: expect.any(String) });
    // Not a number, past 2^53, 0 or less, not whole: said in words that say where to find one,
    // where zod said "Invalid input: expected number, received NaN".
    for (const id of ["one", "1%00", "99999999999999999999", "0", "-1", "1.5"]) {
      expect(await refused(app, "GET", `/encounters/${id}`), id).toEqual({
        status: 400,
        body: {
          error:
            "params: id: an encounter's id is a whole number from 1, as GET /encounters lists them",
          where: "params: id",
        },
      });
    }
    expect((await refused(app, "DELETE", "/encounters/1/players/x")).body.error).toBe(
      "params: player: a player's link's number is a whole number from 1, as GET /encounters/:id/players lists them",
    );
  });

  it("an answer the rules refuse: 400 with what the dice allow, and nothing stored", async () => {
    const { id } = await createTombril(app);
    const before = (await send(app, "GET", `/encounters/${id}`)).body;
    const face = await refused(app, "POST", `/encounters/${id}/answer`, { dice: [7] });
    expect(face).toMatchObject({ status: 400, body: { hint: "type a whole number from 1 to 6" } });
    expect(face.body.error).toContain("7 is not a face of a d6");
    const total = await refused(app, "POST", `/encounters/${id}/answer`, { total: 9 });
    expect(total.body.error).toContain("9 is not a result");
    const both = await refused(app, "POST", `/encounters/${id}/answer`, { dice: [5], total: 5 });
    expect(both.body.error).toBe("body: give one answer, not dice and total");
    const none = await refused(app, "POST", `/encounters/${id}/answer`, {});
    expect(none.body.where).toBe("body");
    const decision = await refused(app, "POST", `/encounters/${id}/answer`, { choice: "flee" });
    expect(decision.status).toBe(409);
    await send(app, "POST", `/encounters/${id}/roll`);
    const wrong = await refused(app, "POST", `/encounters/${id}/answer`, {
      choice: "no such option",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.hint).toMatch(/^choose one of /);
    await send(app, "POST", `/encounters/${id}/undo`);
    expect((await send(app, "GET", `/encounters/${id}`)).body).toMatchObject({
      answers: 0,
      pending: before.pending,
    });
  });

  it("what does not exist: 404 naming it", async () => {
    expect(await refused(app, "GET", "/encounters/42")).toEqual({
      status: 404,
      body: { error: "no encounter 42", where: "id", hint: "GET /encounters lists them" },
    });
    const ruleset = await refused(app, "GET", "/rulesets/gurps");
    expect(ruleset.status).toBe(404);
    expect(ruleset.body.error).toMatch(/^unknown ruleset "gurps"; known: .*cartyrion/);
    const route = await refused(app, "GET", "/encounter");
    expect(route).toMatchObject({ status: 404, body: { error: "no route GET /encounter" } });
  });

  it("a log that does not replay: the line and what is wrong", async () => {
    const log = await refused(app, "POST", "/encounters/from-log", {
      log: '{"type":"encounter"}\n',
    });
    expect(log.status).toBe(400);
    expect(log.body.where).toBe("log:1: format");
    // The first fault in reading order: a line not JSON after a blank one, a header at fault
    // before a later line that is not JSON (f1ade85: a log is read a line at a time).
    const lines = await refused(app, "POST", "/encounters/from-log", { log: "\nnot json\n{}\n" });
    expect(lines.body).toMatchObject({
      where: "log:2",
      hint: "a log has one JSON object per line",
    });
    const header = await refused(app, "POST", "/encounters/from-log", { log: "{}\nnot json\n" });
    expect(header.body.where).toBe("log:1: type");
    const empty = await refused(app, "POST", "/encounters/from-log", { log: "" });
    expect(empty.body.error).toBe("log: the log is empty");
    expect(
      (await send<{ encounters: unknown[] }>(app, "GET", "/encounters")).body.encounters,
    ).toHaveLength(0);
  });
});

describe("errors of every kind take one shape and echo no more than an excerpt", () => {
  it("a bad URL, an id too long, a body of the wrong length, a 100 KB key, a file that is a string", async () => {
    const get = async (url: string) => {
      const res = await app.inject({ method: "GET", url });
      return { status: res.statusCode, body: res.json<Record<string, string>>() };
    };
    const badUrl = await get("/encounters/%zz");
    expect(badUrl).toEqual({
      status: 400,
      body: {
        error: "'/encounters/%zz' is not a valid url component",
        hint: "see GET /openapi.json for what each route takes",
      },
    });
    const longId = await get(`/encounters/${"9".repeat(10_000)}`);
    expect(longId.status).toBe(414);
    expect(longId.body.error).toContain(`'/encounters/${"9".repeat(47)}… (10014 characters)`);
    expect(JSON.stringify(longId.body).length).toBeLessThan(500);
    const key = "k".repeat(100_000);
    const odds = await send<Record<string, string>>(app, "POST", "/exchange-odds", {
      file: exampleText("cartyrion/tombril-strikes-the-giant.yaml"),
      decisions: { [key]: 1 },
    });
    expect(odds.status).toBe(400);
    expect(odds.body.error).toContain(`${"k".repeat(59)}… (100002 characters)`);
    expect(JSON.stringify(odds.body).length).toBeLessThan(1000);
    const unknownKey = await send<Record<string, string>>(app, "POST", "/simulations", {
      file: exampleText("tnt/duel.yaml"),
      [key]: 1,
    });
    expect(unknownKey.status).toBe(400);
    expect(JSON.stringify(unknownKey.body).length).toBeLessThan(1000);
    const stray = await send<Record<string, string>>(app, "POST", "/encounters", {
      file: "x".repeat(1000),
    });
    expect(stray).toEqual({
      status: 400,
      body: {
        error: "file: the text reads as a string, not as a file of fields",
        where: "file",
        hint: "give the file's YAML or JSON text, a mapping of its fields (ruleset: ..., combatants: ...), or its content as an object",
      },
    });
    const wrongLength = await app.inject({
      method: "POST",
      url: "/encounters",
      headers: { "content-type": "application/json", "content-length": "5" },
      payload: '{"file": 1}',
    });
    expect(wrongLength.statusCode).toBe(400);
    expect(wrongLength.json()).toEqual({
      error: "Request body size did not match Content-Length",
      hint: "see GET /openapi.json for what each route takes",
    });
  });

  it("a body that is not JSON, an empty one, one too large: where (the body) and how to fix it, nothing stored", async () => {
    const post = async (
      payload: string | Buffer,
      type = "application/json",
      url = "/encounters",
    ) => {
      const res = await app.inject({
        method: "POST",
        url,
        headers: { "content-type": type },
        payload,
      });
      return { status: res.statusCode, body: res.json<Record<string, string>>() };
    };
    const before = (await send(app, "GET", "/encounters")).body;
    // A YAML file sent as JSON.
    expect(await post(exampleText("tnt/duel.yaml"))).toEqual({
      status: 400,
      body: {
        error: "Body is not valid JSON but content-type is set to 'application/json'",
        where: "body",
        hint: "send JSON (check its quotes, commas and brackets: `jq . body.json` finds the first fault); a file in YAML goes with Content-Type: application/yaml",
      },
    });
    expect(await post("")).toEqual({
      status: 400,
      body: {
        error: "Body cannot be empty when content-type is set to 'application/json'",
        where: "body",
        hint: 'send {} when there is nothing to say, or no Content-Type and the header "Fray-Request: 1"',
      },
    });
    // (A file's routes take 8 MB: limits.test.ts.)
    const huge = await post(
      Buffer.alloc(16 * 1024 * 1024 + 1, 0x20),
      "application/json",
      "/encounters/from-log",
    );
    expect(huge).toEqual({
      status: 413,
      body: {
        error: "Request body is too large",
        where: "body",
        hint: "a body is at most 16 MB: play a longer log with fray play log.jsonl, a larger file with the fray command",
      },
    });
    expect((await send(app, "GET", "/encounters")).body).toEqual(before);
  });

  it("headers too large for Node's parser: 431 in the same shape", async () => {
    const url = await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = new URL(url);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () =>
        socket.write(
          `GET /rulesets HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
        ),
      );
      let text = "";
      socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(reply.split("\r\n")[0]).toBe("HTTP/1.1 431 Request Header Fields Too Large");
    expect(JSON.parse(reply.slice(reply.indexOf("\r\n\r\n") + 4))).toEqual({
      error: "the request's headers are too large (over 16 KB)",
      where: "headers",
      hint: "send fewer or shorter headers",
    });
  });
});
