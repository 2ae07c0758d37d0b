// A defender's dice rolled in the attacker's roll (RollSpec.opposed): karn's defence die after
// the strike die, dungeons-of-olde's Defense Check before the Attack Check. The defender's player
// types that roll (or lets Fray roll it) from their phone, as the attacker's player does, and the
// GM sees whose dice came in; tnt's active defence is the defender's own roll already.
import { afterEach, describe, expect, it } from "vitest";
import type { App } from "./app.js";
import type { EncounterJson } from "./encounter-json.js";
import type { PlayerLinkJson } from "./player-links.js";
import type { PlayerStateJson } from "./player-json.js";
import { GM_SECRET, exampleText, send, testApp } from "./test-support/app.js";

let app: App;
afterEach(() => app.close());

const gm = <T = EncounterJson>(method: "GET" | "POST", path: string, body?: object) =>
  send<T>(app, method, path, body, GM_SECRET);

/**
 * Encounter `file` with Ben's link for `defender`, played by the GM (tactics' picks, Fray's
 * dice) until a roll whose label matches `asked` waits.
 */
async function foeRollsAt(file: string, defender: string, asked: RegExp, last?: RegExp) {
  app = await testApp(":memory:", GM_SECRET);
  const { id } = (await gm("POST", "/encounters", { file: exampleText(file), seed: 3 })).body;
  const ben = (
    await gm<PlayerLinkJson & { token: string }>("POST", `/encounters/${id}/players`, {
      name: "Ben",
      combatants: [defender],
    })
  ).body;
  const asBen = <T = PlayerStateJson>(method: "GET" | "POST", path: string, body?: object) =>
    send<T>(app, method, path, body, ben.token);
  for (let step = 0; step < 200; step += 1) {
    const now = (await gm("GET", `/encounters/${id}`)).body;
    const pending = now.pending;
    if (pending === null) break;
    if (pending.kind === "roll" && asked.test(pending.label)) return { id, asBen, pending };
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

describe("a defender's dice in a foe's roll are its player's to type", () => {
  it.each([
    // karn: "Chip Calhoon's strike at Brannoc the axeman with the longsword against Brannoc the
    // axeman's dodge (strike die, then dodge die)": Chip's d20 and Brannoc's, one roll.
    [
      "karn/duel.yaml",
      "axeman",
      /against Brannoc the axeman's (parry|dodge|block)/,
      { dice: [7, 12], said: /^strike 7 \+ \d+ = \d+; defence 12 \+ \d+ = \d+$/ },
    ],
    // dungeons-of-olde: Brenna's Defense Check first, then Aldric's Attack Check, one roll.
    ["dungeons-of-olde/duel.yaml", "brenna", /^Aldric's attack$/, null],
  ])(
    "%s: %s's player types the foe's roll with their dice in it",
    async (file, who, asked, dice) => {
      const { id, asBen, pending } = await foeRollsAt(file, who, asked);
      expect(pending).toMatchObject({ kind: "roll", opposed: who });
      // Ben's screen asks him for it, as his own roll.
      const screen = (await asBen("GET", "/player")).body;
      expect(screen.turn).toMatchObject({ kind: "roll", yours: true });
      expect(screen.pending).toMatchObject({ kind: "roll", opposed: who });
      if (pending.kind !== "roll") throw new Error("a roll waits");
      // He types the dice rolled at the table (each die: the rules read each), or Fray rolls.
      const answered =
        dice === null
          ? await asBen("POST", "/player/roll", { version: screen.version })
          : await asBen("POST", "/player/answer", { dice: dice.dice, version: screen.version });
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
      // The GM sees whose dice came in.
      const after = (await gm("GET", `/encounters/${id}`)).body;
      const roll = after.log.find((a) => a.kind === "roll" && a.label === pending.label);
      expect(roll).toMatchObject({
        kind: "roll",
        player: "Ben",
        by: dice === null ? "fray" : "table",
      });
      if (dice !== null && roll?.kind === "roll") expect(roll.dice).toMatch(dice.said);
    },
  );

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
