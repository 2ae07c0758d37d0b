// A defender's dice rolled in the attacker's roll (RollSpec.opposed, RollSpec.shares): karn's
// defence die after the strike die, dungeons-of-olde's Defense Check before the Attack Check. At
// a table each player rolls their own: the attacker's player (the GM for a foe) gives the attack
// die, the defender's player the defence die, in either order; the first is held and the roll
// answered with both once the other comes. The GM sees who still has to roll and can give it;
// undo takes a held die back; a change by hand keeps it. tnt's active defence is the defender's
// own roll already.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { App } from "./app.js";
import type { EncounterJson } from "./encounter-json.js";
import type { PlayerLinkJson } from "./player-links.js";
import { stateId } from "./live.js";
import type { PlayerStateJson } from "./player-json.js";
import { SqliteStore } from "./sqlite-store.js";
import { GM_SECRET, exampleText, send, testApp } from "./test-support/app.js";

let app: App;
afterEach(() => app.close());

const gm = <T = EncounterJson>(method: "GET" | "POST", path: string, body?: object) =>
  send<T>(app, method, path, body, GM_SECRET);

/**
 * Encounter `file` with Ben's link for `defender` (and Anna's for `attacker`, when given), played
 * by the GM (tactics' picks, Fray's dice) until a roll whose label matches `asked` waits.
 */
async function foeRollsAt(
  file: string,
  defender: string,
  asked: RegExp,
  last?: RegExp,
  attacker?: string,
  path = ":memory:",
) {
  app = await testApp(path, GM_SECRET);
  const { id } = (await gm("POST", "/encounters", { file: exampleText(file), seed: 3 })).body;
  const linkFor = async (name: string, combatant: string) => {
    const link = (
      await gm<PlayerLinkJson & { token: string }>("POST", `/encounters/${id}/players`, {
        name,
        combatants: [combatant],
      })
    ).body;
    const as = <T = PlayerStateJson>(method: "GET" | "POST", path: string, body?: object) =>
      send<T>(app, method, path, body, link.token);
    return Object.assign(as, { token: link.token });
  };
  const asBen = await linkFor("Ben", defender);
  const asAnna = attacker === undefined ? asBen : await linkFor("Anna", attacker);
  for (let step = 0; step < 200; step += 1) {
    const now = (await gm("GET", `/encounters/${id}`)).body;
    const pending = now.pending;
    if (pending === null) break;
    if (pending.kind === "roll" && asked.test(pending.label)) {
      return { id, asBen, asAnna, pending, version: now.version, answers: now.answers };
    }
    // The decision `last` names is answered with its last option (tnt: the most dice in
    // active defence), the others by the tactics.
    const choices = pending.kind === "decide" ? pending.choices : null;
    const reply =
      pending.kind === "decide" && choices !== null && last?.test(pending.prompt) === true
        ? await gm("POST", `/encounters/${id}/answer`, { choice: choices.at(-1)!.value })
        : await gm("POST", `/encounters/${id}/${pending.kind === "roll" ? "roll" : "policy"}`, {});
    expect(reply.status).toBe(200);
  }
  throw new Error(`no roll matching ${String(asked)} came`);
}

/** The roll labelled `label` in encounter `id`'s log, once answered. */
async function answered(id: number, label: string) {
  const log = (await gm("GET", `/encounters/${id}`)).body.log;
  return log.find((a) => a.kind === "roll" && a.label === label);
}

const KARN_STRIKE = /against Brannoc the axeman's (parry|dodge|block)/;

describe("each player rolls their own die of an opposed roll", () => {
  it.each([
    // karn: "Chip Calhoon's strike at Brannoc the axeman with the longsword against Brannoc the
    // axeman's dodge (strike die, then dodge die)": Chip's d20 and Brannoc's, one roll.
    [
      "karn/duel.yaml",
      "axeman",
      "chip",
      KARN_STRIKE,
      [12],
      [7],
      /^strike 7 \+ \d+ = \d+; defence 12 /,
    ],
    // dungeons-of-olde: Brenna's Defense Check first, then Aldric's Attack Check, one roll.
    [
      "dungeons-of-olde/duel.yaml",
      "brenna",
      "aldric",
      /^Aldric's attack$/,
      [3, 2],
      [5, 4],
      /^Defense Check \[3, 2\] = 5.*\[5, 4\] = 9/,
    ],
  ])(
    "%s: the defender's player gives theirs first, the attacker's then theirs",
    async (file, defender, attacker, asked, defenceDice, attackDice, said) => {
      const { id, asBen, asAnna, pending, version } = await foeRollsAt(
        file,
        defender,
        asked,
        undefined,
        attacker,
      );
      if (pending.kind !== "roll") throw new Error("a roll waits");
      const shares = pending.shares!;
      const mine = shares.findIndex((s) => s.combatant === defender);
      expect(shares.map((s) => s.combatant).sort()).toEqual([attacker, defender].sort());
      // Ben's screen asks him for his die alone: the dice of his part's notation.
      const ben = (await asBen("GET", "/player")).body;
      expect(ben.turn).toMatchObject({ kind: "roll", yours: true, waitingFor: null });
      expect(ben.pending).toMatchObject({ kind: "roll", notation: shares[mine]!.notation });
      const given = await asBen("POST", "/player/answer", { dice: defenceDice, version });
      expect(given.status, JSON.stringify(given.body)).toBe(200);
      // Held: the roll still waits, Ben's screen says what for; nothing is in the log yet.
      const waiting = (await asBen("GET", "/player")).body;
      expect(waiting.pending).toBeNull();
      const other = shares[1 - mine]!;
      expect(waiting.turn?.waitingFor).toMatch(new RegExp(`'s ${other.name}$`));
      expect(waiting.turn?.gave).toBe(shares[mine]!.name);
      expect(await answered(id, pending.label)).toBeUndefined();
      // Given twice: refused, saying what the roll waits for.
      const twice = await asBen("POST", "/player/answer", { dice: defenceDice, version });
      expect(twice.status).toBe(403);
      expect(JSON.stringify(twice.body)).toContain(`waits for ${waiting.turn!.waitingFor!}`);
      // The GM's page sees Ben's part in and asks the other alone.
      const gmNow = (await gm("GET", `/encounters/${id}`)).body;
      expect(gmNow.version).toBe(version + 1);
      const gmPending = gmNow.pending;
      if (gmPending?.kind !== "roll") throw new Error("a roll waits");
      expect(gmPending.notation).toBe(other.notation);
      expect(gmPending.prompt).toContain(other.name);
      // Typed die by die, in the ruleset's words for dungeons-of-olde's checks ("each 1 to 10,
      // a 10 explodes"), not "a total of 2 or more".
      expect(gmPending.eachDie).toBe(other.notation !== "d20");
      if (other.notation === "d20") expect(gmPending.faces).toBeNull();
      else expect(gmPending.faces).toMatch(/^each 1 to 10, a 10 explodes/);
      expect(gmPending.shares![mine]).toMatchObject({
        given: true,
        dice: defenceDice,
        player: "Ben",
      });
      // Anna's screen asks for her die; she answers at the version she read before Ben's came.
      const anna = (await asAnna("GET", "/player")).body;
      expect(anna.turn).toMatchObject({ yours: true, waitingFor: null });
      expect(anna.pending).toMatchObject({ notation: other.notation });
      const done = await asAnna("POST", "/player/answer", { dice: attackDice, version });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const roll = await answered(id, pending.label);
      // Both players named, in the roll's order: "Anna and Ben" in karn, "Ben and Anna" in olde's.
      const rollers = mine === 0 ? "Ben and Anna" : "Anna and Ben";
      expect(roll).toMatchObject({ kind: "roll", by: "table", player: rollers });
      // The roll's dice in its order: the attacker's first in karn, the defender's in olde's.
      if (roll?.kind === "roll") expect(roll.dice).toMatch(said);
    },
  );

  it("karn: the attacker's die first, then the GM types the foe's missing die", async () => {
    // Anna plays Chip; Brannoc is the GM's foe: Ben's link plays nobody here.
    const { id, asAnna, pending, version } = await foeRollsAt(
      "karn/duel.yaml",
      "axeman",
      KARN_STRIKE,
      undefined,
      "chip",
    );
    if (pending.kind !== "roll") throw new Error("a roll waits");
    expect((await asAnna("POST", "/player/answer", { dice: [7], version })).status).toBe(200);
    const anna = (await asAnna("GET", "/player")).body;
    expect(anna.turn?.waitingFor).toMatch(/^Brannoc the axeman's (parry|dodge|block) die$/);
    // The GM types the one die missing (a whole roll's two dice are refused now).
    const two = await gm("POST", `/encounters/${id}/answer`, { dice: [3, 12] });
    expect(two.status).toBe(400);
    expect(JSON.stringify(two.body)).toMatch(/2 dice typed but a d20 used 1/);
    const one = await gm("POST", `/encounters/${id}/answer`, { dice: [12] });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    const roll = await answered(id, pending.label);
    if (roll?.kind !== "roll") throw new Error("answered");
    expect(roll.dice).toMatch(/^strike 7 .*; defence 12 /);
    // The GM's log says whose dice came in: Anna's, and the GM's for the foe.
    expect(roll.player).toBe("Anna and the GM");
  });

  it("Fray rolls both parts: the roll Fray rolls for the whole", async () => {
    const whole = await foeRollsAt("karn/duel.yaml", "axeman", KARN_STRIKE, undefined, "chip");
    expect((await gm("POST", `/encounters/${whole.id}/roll`, {})).status).toBe(200);
    const byFray = await answered(
      whole.id,
      whole.pending.kind === "roll" ? whole.pending.label : "",
    );
    await app.close();
    const { id, asBen, asAnna, pending, version } = await foeRollsAt(
      "karn/duel.yaml",
      "axeman",
      KARN_STRIKE,
      undefined,
      "chip",
    );
    if (pending.kind !== "roll") throw new Error("a roll waits");
    expect((await asBen("POST", "/player/roll", { version })).status).toBe(200);
    expect(await answered(id, pending.label)).toBeUndefined();
    // The GM's Fray rolls the part still missing.
    const gmRoll = await gm("POST", `/encounters/${id}/roll`, {});
    expect(gmRoll.status).toBe(200);
    const roll = await answered(id, pending.label);
    expect(roll).toMatchObject({ by: "fray" });
    // The same dice as Fray's roll of the whole, said rolled for the GM (strike) and Ben.
    expect(roll).toEqual({ ...byFray!, player: "the GM and Ben" });
    void asAnna;
  });

  it("a held die lives in this server's memory: a server started anew on the same database asks it again, and its phone is told (no 304)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fray-held-"));
    try {
      const path = join(dir, "fray.sqlite");
      const { asBen, version } = await foeRollsAt(
        "karn/duel.yaml",
        "axeman",
        KARN_STRIKE,
        undefined,
        "chip",
        path,
      );
      expect((await asBen("POST", "/player/answer", { dice: [12], version })).status).toBe(200);
      const poll = (etag?: string) =>
        app.inject({
          method: "GET",
          url: "/player",
          headers: {
            authorization: `Bearer ${asBen.token}`,
            "fray-request": "1",
            ...(etag === undefined ? {} : { "if-none-match": etag }),
          },
        });
      const held = await poll();
      expect((held.json() as PlayerStateJson).turn?.waitingFor).toMatch(/strike die$/);
      const etag = held.headers.etag as string;
      expect((await poll(etag)).statusCode).toBe(304);
      // The server stops and starts again: the same version, the die forgotten. The phone's
      // poll with its tag is answered whole (it was a 304: the phone said its die was in).
      await app.close();
      app = await testApp(path, GM_SECRET);
      const again = await poll(etag);
      expect(again.statusCode).toBe(200);
      const ben = again.json() as PlayerStateJson;
      expect(ben.version).toBe((held.json() as PlayerStateJson).version);
      expect(ben.turn).toMatchObject({ yours: true, waitingFor: null });
      // The stream's event id says the same (live.ts): "12h" held, "12" not.
      expect(
        stateId({ version: 12, held: { key: "", part: 0, dice: [3], fray: false, since: 11 } }),
      ).toBe("12h");
      expect(stateId({ version: 12 })).toBe("12");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("undo takes back a held die first; a change by hand keeps it", async () => {
    const { id, asBen, asAnna, pending, version, answers } = await foeRollsAt(
      "karn/duel.yaml",
      "axeman",
      KARN_STRIKE,
      undefined,
      "chip",
    );
    if (pending.kind !== "roll") throw new Error("a roll waits");
    expect((await asBen("POST", "/player/answer", { dice: [12], version })).status).toBe(200);
    // A change by hand: the same roll waits, Ben's die still held.
    const hand = await gm("POST", `/encounters/${id}/changes`, {
      change: { op: "set", combatant: "chip", field: "hp", value: 17 },
    });
    expect(hand.status, JSON.stringify(hand.body)).toBe(200);
    expect((await asBen("GET", "/player")).body.turn?.waitingFor).toMatch(/strike die$/);
    // Undo: Ben's die goes, no answer is taken back; Ben is asked for it again.
    const undone = await gm("POST", `/encounters/${id}/undo`, { steps: 1 });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.answers).toBe(answers + 1);
    const roll = undone.body.pending;
    expect(roll?.kind === "roll" && roll.shares!.every((s) => !s.given)).toBe(true);
    const ben = (await asBen("GET", "/player")).body;
    expect(ben.turn).toMatchObject({ yours: true, waitingFor: null });
    // Both dice again, in either order: Anna's first this time.
    const at = undone.body.version;
    expect((await asAnna("POST", "/player/answer", { dice: [9], version: at })).status).toBe(200);
    expect((await asBen("POST", "/player/answer", { dice: [4], version: at })).status).toBe(200);
    const log = await answered(id, pending.label);
    if (log?.kind !== "roll") throw new Error("answered");
    expect(log.dice).toMatch(/^strike 9 .*; defence 4 /);
  });

  it("both players' dice sent at once: the roll is answered with both", async () => {
    const { id, asBen, asAnna, pending, version } = await foeRollsAt(
      "karn/duel.yaml",
      "axeman",
      KARN_STRIKE,
      undefined,
      "chip",
    );
    if (pending.kind !== "roll") throw new Error("a roll waits");
    // Each read of the encounter takes a while, as on a busy server: both moves read it before
    // either is stored.
    const get = SqliteStore.prototype.get;
    const slow = vi.spyOn(SqliteStore.prototype, "get").mockImplementation(async function (
      this: SqliteStore,
      at: number,
    ) {
      const record = await get.call(this, at);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return record;
    });
    const [ben, anna] = await Promise.all([
      asBen("POST", "/player/answer", { dice: [12], version }),
      asAnna("POST", "/player/answer", { dice: [7], version }),
    ]);
    slow.mockRestore();
    // The second stored was refused, 409, the first's part held meanwhile.
    expect([ben.status, anna.status], JSON.stringify([ben.body, anna.body])).toEqual([200, 200]);
    const roll = await answered(id, pending.label);
    if (roll?.kind !== "roll") throw new Error("answered");
    expect(roll.dice).toMatch(/^strike 7 .*; defence 12 /);
  });

  it("auto-play answers the roll with the die held, Fray rolling the other part", async () => {
    const { id, asBen, pending, version } = await foeRollsAt(
      "karn/duel.yaml",
      "axeman",
      KARN_STRIKE,
    );
    if (pending.kind !== "roll") throw new Error("a roll waits");
    expect((await asBen("POST", "/player/answer", { dice: [17], version })).status).toBe(200);
    const played = await gm("POST", `/encounters/${id}/autoplay`, { until: "round" });
    expect(played.status, JSON.stringify(played.body)).toBe(200);
    // Ben's 17 is the dodge die of the roll, not a die Fray rolled for the whole roll again.
    const roll = await answered(id, pending.label);
    if (roll?.kind !== "roll") throw new Error("answered");
    expect(roll.dice).toMatch(/; defence 17 /);
  });

  it("an undo past the roll drops the die held for it: redo does not bring it back", async () => {
    const { id, asBen, pending, version, answers } = await foeRollsAt(
      "karn/duel.yaml",
      "axeman",
      KARN_STRIKE,
    );
    if (pending.kind !== "roll") throw new Error("a roll waits");
    expect((await asBen("POST", "/player/answer", { dice: [12], version })).status).toBe(200);
    expect((await gm("POST", `/encounters/${id}/undo`, { steps: 1 })).status).toBe(200);
    const back = await gm("POST", `/encounters/${id}/undo`, { steps: 1 });
    expect(back.body.answers).toBe(answers - 1);
    const again = await gm("POST", `/encounters/${id}/redo`, { steps: 1 });
    const roll = again.body.pending;
    if (roll?.kind !== "roll") throw new Error("the roll waits again");
    expect(roll.shares!.every((s) => !s.given)).toBe(true);
  });

  it("tnt: the defender's active defence is its own roll, its player's", async () => {
    const { asBen, pending } = await foeRollsAt(
      "tnt/duel.yaml",
      "brenna",
      /^Brenna's active defence/,
      /does Brenna roll in active defence/,
    );
    // Asked of Brenna herself: no foe's dice in it.
    expect(pending).toMatchObject({ kind: "roll", actor: "brenna", opposed: null });
    const screen = (await asBen("GET", "/player")).body;
    expect(screen.turn).toMatchObject({ yours: true });
    expect((await asBen("POST", "/player/roll", { version: screen.version })).status).toBe(200);
  });

  it("a roll with no dice of the link's is still refused, saying whose it is", async () => {
    const { asBen, pending } = await foeRollsAt("karn/duel.yaml", "axeman", /^damage of Chip/);
    expect(pending).toMatchObject({ kind: "roll", opposed: null });
    const screen = (await asBen("GET", "/player")).body;
    expect(screen).toMatchObject({ pending: null, turn: { yours: false } });
    const refused = await asBen("POST", "/player/roll", { version: screen.version });
    expect(refused.status).toBe(403);
  });
});
