// What a player's link can reach, walked for an example encounter of every ruleset: GET /player
// after every answer, the answers and rolls of its own combatants, and every event pushed to its
// stream, each checked against the GM's view at the same version: no seed, no GM's view, no
// other side's exact health, no other combatant's pending choice, no policy's pick that is not
// its own, and its own combatants in full.
import { literal } from "../core/name-word.js";
import { afterEach, describe, expect, it } from "vitest";
import type { App } from "./app.js";
import type { EncounterJson } from "./encounter-json.js";
import type { PlayerStateJson } from "./player-json.js";
import { questionFor, sideReader, withoutNumbers } from "./player-result.js";
import { GM_SECRET, exampleText, send, testApp } from "./test-support/app.js";
import { follow, type Followed } from "./test-support/sse.js";

const EXAMPLES = [
  "cartyrion/ambush-on-the-forest-road.yaml",
  "dungeons-of-olde/tavern-brawl.yaml",
  "karn/three-orcs.yaml",
  "swords-wizardry-fitz/group-fight.yaml",
  "tnt/group-fight.yaml",
];

/** Answers to walk through: enough for every kind of choice to come up, few enough to be quick. */
const STEPS = 40;

/** Keys that only the GM reads. */
const GM_ONLY = ["seed", "views", "file", "log", "data", "branchOf", "gm"];

let app: App;
afterEach(() => app.close());

interface Link {
  readonly id: number;
  readonly token: string;
  readonly side: string;
  readonly plays: readonly string[];
}

function keysOf(value: unknown, path = "", out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v, i) => keysOf(v, `${path}[${i}]`, out));
  else if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      out.push(`${path}.${k}`);
      keysOf(v, `${path}.${k}`, out);
    }
  }
  return out;
}

/** The rulings of the GM's seen waiting, with their question, by the links of a walk. */
let asked = 0;
/** The rolls seen waiting, with their label, by the links of a walk. */
let rollsAsked = 0;
/** The rolls and rulings said without another side's numbers, in a walk. */
let cut = 0;
/** The rules of another side's decisions read as "Orc 4 decides", left unnamed, in a walk. */
let unnamed = 0;
/** A foe's rolls with the link's own defender's dice in them, asked of the link, in a walk. */
let opposedAsked = 0;

type GmResult = NonNullable<EncounterJson["lastResult"]>;

/** The GM's result before each state's last one, as the walk met them (noteResults). */
const resultBefore = new WeakMap<EncounterJson, GmResult | null>();

/** Notes, of each GM's state of a walk in its order, the GM's result before its last one. */
function noteResults(): (now: EncounterJson) => void {
  let latest: GmResult | null = null;
  let previous: GmResult | null = null;
  return (now) => {
    if (now.lastResult?.at !== latest?.at) [previous, latest] = [latest, now.lastResult];
    resultBefore.set(now, previous);
  };
}

/**
 * The GM's last result `rest` as a player's screen reads it when it is a blow's attacker's
 * choice made once the blow's dice were in (dungeons-of-olde's outcome of a legendary hit,
 * player-json.ts): one with `blow`, the result before it, which did nothing: its heading, the
 * dice, rulings, changes and explanations of both, what `rest` did.
 */
function joined(blow: GmResult | null | undefined, rest: GmResult, where: string): GmResult {
  expect(blow?.outcome, `${where}: the blow before the choice`).toEqual([]);
  return {
    ...rest,
    heading: blow!.heading,
    rolls: [...blow!.rolls, ...rest.rolls],
    rulings: [...blow!.rulings, ...rest.rulings],
    changes: [...blow!.changes, ...rest.changes],
    explanations: [...blow!.explanations, ...rest.explanations],
  };
}

/** Checks what `link` read against what the GM saw at the same version. */
function checkSeen(seen: PlayerStateJson, gm: EncounterJson, link: Link, where: string): void {
  const keys = keysOf(seen);
  for (const key of GM_ONLY) {
    expect(
      keys.filter((k) => k.endsWith(`.${key}`)),
      `${where}: key ${key}`,
    ).toEqual([]);
  }
  // Another combatant's pending choice, or a policy's pick not its own, never shows.
  const mine = seen.turn?.yours === true;
  // A ruling of the GM's that waits says its question, when the side may read it.
  // A roll that waits says its label, when the side may read it ("The GM rolls" said nothing).
  if (seen.turn?.asked !== undefined) {
    const p = gm.pending!;
    // As the GM's, or cut short of another side's numbers ("... with the long sword").
    // An opposed roll with a part held asks the GM for the other ("<label>: Orrin's dodge die").
    const given = p.kind === "roll" && p.shares?.some((s) => s.given) === true;
    const whole =
      p.kind === "roll" ? (given ? p.label.replace(/: [^:]*$/, "") : p.label) : p.prompt;
    const bare =
      whole !== undefined &&
      (p.kind === "roll"
        ? withoutNumbers(whole, gm.views.gm)
        : questionFor(whole, gm.views.gm, sideReader(gm.views.gm, link.side)));
    expect([whole, bare], `${where}: asked`).toContain(seen.turn.asked);
    if (seen.turn.asked !== whole) cut += 1;
    if (p.kind === "roll") rollsAsked += 1;
    else {
      // A ruling of the GM's, or a side's own decision ("Who acts next for the party?").
      expect(p.kind, `${where}: asked`).toBe("decide");
      expect(
        gm.views.gm.some((c) => c.id === p.actor),
        `${where}: asked of ${p.actor}`,
      ).toBe(false);
      asked += 1;
    }
    expect(sideReader(gm.views.gm, link.side)(seen.turn.asked), `${where}: asked`).toBe(true);
  } else if (gm.pending?.kind === "roll") {
    // Not said: only a label that is nothing but another side's number.
    expect(withoutNumbers(gm.pending.label, gm.views.gm), `${where}: roll kept`).toBe("");
  }
  expect(seen.pending !== null, `${where}: pending`).toBe(mine);
  // The player's own roll asked without another side's number ("(needs 12)" against a foe).
  if (seen.pending?.kind === "roll" && gm.pending?.kind === "roll") {
    const prompt = seen.pending.prompt;
    const asked = prompt.slice(0, prompt.lastIndexOf(": roll "));
    expect(sideReader(gm.views.gm, link.side)(asked), `${where}: "${prompt}"`).toBe(true);
    if (prompt !== gm.pending.prompt) cut += 1;
  }
  if (mine) {
    expect(gm.pending).toMatchObject({ kind: seen.pending!.kind });
    const p = gm.pending!;
    const actor = p.actor;
    // Its actor's, or a foe's roll with its own combatant's dice in it (karn's defence die).
    const opposed = p.kind === "roll" && p.opposed !== null && link.plays.includes(p.opposed);
    expect(
      actor === link.side || link.plays.includes(actor!) || opposed,
      `${where}: pending actor`,
    ).toBe(true);
    if (opposed) opposedAsked += 1;
  } else {
    expect(
      keys.filter((k) => k.endsWith(".default") || k.endsWith(".choices")),
      where,
    ).toEqual([]);
  }
  // The side's view, exactly as the ruleset gives it; its own combatants as the GM sees them.
  expect(seen.combatants, `${where}: the side's view`).toEqual(gm.views.sides[link.side]);
  for (const id of link.plays) {
    expect(
      seen.combatants.find((c) => c.id === id),
      `${where}: ${id} in full`,
    ).toEqual(gm.views.gm.find((c) => c.id === id));
  }
  // Another side's exact health (the GM's status line) appears nowhere (but on the side's own
  // cards, where a combatant may be as hurt as a foe).
  const text = JSON.stringify({
    ...seen,
    combatants: seen.combatants.filter((c) => c.side !== link.side),
  });
  for (const c of gm.views.gm) {
    if (c.side === link.side) continue;
    const theirs = gm.views.sides[link.side]!.find((v) => v.id === c.id)!;
    if (theirs.status !== c.status && /\d/.test(c.status)) {
      expect(text.includes(c.status), `${where}: ${c.id}'s "${c.status}"`).toBe(false);
    }
  }
  // The last result holds only the GM's texts, less those that give another side's numbers.
  const readable = sideReader(gm.views.gm, link.side);
  const texts = new Set(gm.explanations.map((e) => e.text));
  for (const e of seen.lastResult?.explanations ?? []) {
    expect(texts.has(e.text), `${where}: "${e.text}" is the GM's`).toBe(true);
    expect(readable(e.text), `${where}: "${e.text}"`).toBe(true);
  }
  // A roll that gives another side's number only when this player gave it on their screen.
  const rollSeen = (r: { label: string; dice: string; player?: string | undefined }) =>
    r.player === seen.player.name || readable(`${r.label} ${r.dice}`);
  for (const r of seen.lastResult?.rolls ?? []) {
    expect(rollSeen(r)).toBe(true);
    // Under a label that gives no other side's number, though the player's own dice are shown.
    expect(readable(r.label), `${where}: roll "${r.label}"`).toBe(true);
  }
  const rulingsSeen = [seen.lastResult, seen.step, seen.blowSoFar].flatMap((r) => r?.rulings ?? []);
  for (const r of rulingsSeen) {
    const text = `${r.question} ${r.answer}`;
    // A combatant's decision in the action: the side's own (asked of its player), or readable.
    const own = gm.views.gm.some((c) => c.id === r.decider?.id && c.side === link.side);
    const ok =
      r.decider === undefined
        ? /^How many feet /.test(r.question)
          ? readable(`${text} ft`)
          : readable(text) && !/\d/.test(r.answer)
        : own || (readable(r.question) && readable(`${r.decider.name}: ${r.answer}`));
    expect(ok, `${where}: ruling "${text}"`).toBe(true);
  }
  // The step in progress: only answers given after the last result, its rolls as readable.
  if (seen.step !== null) {
    expect(gm.log.length, `${where}: step`).toBeGreaterThan(gm.lastResult?.at ?? 0);
    for (const r of seen.step.rolls) expect(rollSeen(r)).toBe(true);
  }
  // The blow under way, as the GM's prompt shows it: its rolls as readable (its rulings above).
  expect(seen.blowSoFar?.holdsLastResult, `${where}: blow`).toBe(gm.blowSoFar?.holdsLastResult);
  for (const r of seen.blowSoFar?.rolls ?? []) expect(rollSeen(r)).toBe(true);
  // The engine's last result, less what the GM keeps: its changes on the side's own combatants.
  // A legendary hit's outcome chosen, joined to its blow: a line more, what the choice did.
  const chosen =
    seen.lastResult !== null &&
    gm.lastResult !== null &&
    seen.lastResult.outcome.length === gm.lastResult.outcome.length + 1;
  if (chosen) expect(seen.lastResult!.outcome.at(-1)).toMatch(/ lands a legendary hit on /u);
  const result =
    chosen && gm.lastResult !== null
      ? joined(resultBefore.get(gm), gm.lastResult, where)
      : gm.lastResult;
  expect(seen.lastResult?.at ?? null, `${where}: last result`).toBe(result?.at ?? null);
  if (result !== null && seen.lastResult !== null) {
    const own = new Set(gm.views.gm.filter((c) => c.side === link.side).map((c) => c.id));
    expect(seen.lastResult.changes, `${where}: changes`).toEqual(
      result.changes.filter((c) => own.has(c.id)),
    );
    // What it did, first, a line for each of the GM's: the GM's own on the side's combatants,
    // another side's without a number of theirs.
    expect(seen.lastResult.outcome.length, `${where}: outcome`).toBe(
      result.outcome.length + (chosen ? 1 : 0),
    );
    const ownNames = gm.views.gm.filter((c) => own.has(c.id)).map((c) => c.name);
    const onOwn = (line: string) =>
      ownNames.some(
        (n) =>
          line.startsWith(`${n}: `) ||
          new RegExp(` hits ${literal(n)}(?: with the [^:]*)?: `, "u").test(line),
      );
    seen.lastResult.outcome.forEach((line, i) => {
      const whole = line === result.outcome[i] && onOwn(line);
      // The weapon a hit names is the hitter's, on its card for every side ("battleaxe +1").
      const read = readable(line.replace(/ with the [^:]*(?=: |$)/u, ""));
      expect(whole || read, `${where}: outcome "${line}"`).toBe(true);
    });
    // What the GM keeps is said without its numbers: each phrase gives none of another side's,
    // and the rules named are those of the explanations kept, but for those of another side's
    // decision that the side reads as "Orc 4 decides" (a foe's split of its Base Combat Bonus),
    // of which the GM tells nothing.
    for (const t of seen.lastResult.told) expect(readable(t), `${where}: told "${t}"`).toBe(true);
    // Another side's decision, explained as it was answered, whose words the side may not read.
    const theirs = (e: { text: string }) =>
      gm.explanations.some((g) => {
        const a = gm.log[g.at - 1];
        const by = gm.views.gm.find((c) => a?.kind === "decide" && c.id === a.actor);
        return (
          g.text === e.text &&
          g.at <= result.at &&
          by !== undefined &&
          by.side !== link.side &&
          a?.kind === "decide" &&
          !readable(`${by.name}: ${a.label ?? ""}`) &&
          e.text.includes(by.name)
        );
      });
    const kept = result.explanations.filter((e) => !readable(e.text));
    const told = kept.filter((e) => !theirs(e));
    unnamed += kept.length - told.length;
    const lines = (r: Pick<typeof result, "rolls" | "rulings">) =>
      r.rolls.length + r.rulings.length;
    expect(lines(result) - lines(seen.lastResult) + told.length, `${where}: withheld`).toBe(
      seen.lastResult.withheld,
    );
    const ruleOf = (rule: string) => rule.slice(rule.indexOf(", ") + 2);
    expect(seen.lastResult.rules, `${where}: rules kept`).toEqual([
      ...new Set(told.map((e) => ruleOf(e.rule))),
    ]);
    expect(seen.lastResult.told.length > 0 || seen.lastResult.rules.length > 0).toBe(
      seen.lastResult.withheld > 0,
    );
  }
  // The engine's order, in its order; a note of another side's combatant only without numbers.
  expect(seen.order.entries.map((e) => [e.id, e.state])).toEqual(
    gm.order.entries.map((e) => [e.id, e.state]),
  );
  for (const e of seen.order.entries) {
    const c = gm.views.gm.find((v) => v.id === e.id);
    if (e.note !== undefined && c !== undefined && c.side !== link.side) {
      expect(/\d/.test(e.note), `${where}: ${e.id}'s note "${e.note}"`).toBe(false);
    }
  }
}

async function walk(example: string): Promise<{ moves: number; refused: number; events: number }> {
  app = await testApp(":memory:", GM_SECRET);
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  const gm = <T>(method: "GET" | "POST", path: string, body?: object) =>
    send<T>(app, method, path, body, GM_SECRET);
  const created = await gm<EncounterJson>("POST", "/encounters", { file: exampleText(example) });
  const { id } = created.body;
  const [first, second] = created.body.sides;
  // One player for the first combatant of the first side, one for the whole second side.
  const one = created.body.views.gm.find((c) => c.side === first!.id)!.id;
  const links: Link[] = [];
  for (const body of [
    { name: "Anna", combatants: [one] },
    { name: "Ben", side: second!.id },
  ]) {
    links.push((await gm<Link>("POST", `/encounters/${id}/players`, body)).body);
  }
  const streams: Followed[] = [];
  for (const link of links) {
    const { followed } = await follow(`${url}/player/events`, link.token);
    streams.push(followed!);
  }
  const gmAt = new Map<number, EncounterJson>();
  const noted = noteResults();
  let moves = 0;
  let refused = 0;
  // The replies to the players' moves, checked once the GM's state at their version is known.
  const replies: { seen: PlayerStateJson; link: Link }[] = [];
  for (let step = 0; step < STEPS; step += 1) {
    const now = (await gm<EncounterJson>("GET", `/encounters/${id}`)).body;
    gmAt.set(now.version, now);
    noted(now);
    const seen = await Promise.all(
      links.map((l) => send<PlayerStateJson>(app, "GET", "/player", undefined, l.token)),
    );
    seen.forEach((s, i) =>
      checkSeen(s.body, now, links[i]!, `${example} ${step} ${links[i]!.side}`),
    );
    if (now.pending === null) break;
    const owner = seen.findIndex((s) => s.body.turn?.yours === true);
    const kind = now.pending.kind === "roll" ? "roll" : "policy";
    // A player's move at another's choice is refused, saying whose it is: a link's that does
    // not answer it (a foe's strike with Ben's defender's die in it is Anna's and Ben's both).
    const other = links.find((_, i) => i !== owner && seen[i]!.body.turn?.yours !== true);
    if (other !== undefined) {
      const tried = await send(
        app,
        "POST",
        `/player/${kind}`,
        { version: now.version },
        other.token,
      );
      expect(tried.status).toBe(403);
      expect((tried.body as unknown as { error: string }).error).toMatch(
        /not yours: this link plays/,
      );
      refused += 1;
    }
    if (owner >= 0) {
      // Every other move through POST /player/answer: a die's least result (a roll of several
      // dice, which the rules may read die by die, is rolled by Fray), the policy's pick.
      const pending = seen[owner]!.body.pending!;
      const answer =
        pending.kind === "decide"
          ? { choice: pending.default }
          : /^1?d\d+$/.test(pending.notation)
            ? { total: pending.min }
            : null;
      const typed = step % 2 === 0 && answer !== null;
      const moved = await send<PlayerStateJson>(
        app,
        "POST",
        typed ? "/player/answer" : `/player/${kind}`,
        typed ? { ...answer, version: now.version } : { version: now.version },
        links[owner]!.token,
      );
      expect(moved.status).toBe(200);
      replies.push({ seen: moved.body, link: links[owner]! });
      moves += 1;
    } else {
      expect((await gm("POST", `/encounters/${id}/${kind}`, { version: now.version })).status).toBe(
        200,
      );
    }
  }
  const end = (await gm<EncounterJson>("GET", `/encounters/${id}`)).body;
  gmAt.set(end.version, end);
  noted(end);
  const last = end.version;
  for (const { seen, link } of replies) {
    const at = gmAt.get(seen.version);
    expect(at, `reply at version ${seen.version}`).toBeDefined();
    checkSeen(seen, at!, link, `${example} reply ${seen.version}`);
  }
  let events = 0;
  for (const [i, stream] of streams.entries()) {
    await stream.next((e) => e.type === "state" && Number.parseInt(e.id ?? "", 10) === last);
    for (const e of stream.events) {
      expect(["state"]).toContain(e.type);
      const at = gmAt.get(Number.parseInt(e.id ?? "", 10));
      expect(at, `event ${e.id}`).toBeDefined();
      checkSeen(e.data as PlayerStateJson, at!, links[i]!, `${example} event ${e.id}`);
      events += 1;
    }
    stream.close();
  }
  return { moves, refused, events };
}

describe("a player's own roll against a foe", () => {
  it("is asked, and shown once typed, without what it needs (the foe's armour class in it)", async () => {
    app = await testApp(":memory:", GM_SECRET);
    const gm = <T>(method: "GET" | "POST", path: string, body?: object) =>
      send<T>(app, method, path, body, GM_SECRET);
    const file = exampleText("swords-wizardry-fitz/ambush-in-the-pass.yaml");
    const { id } = (await gm<EncounterJson>("POST", "/encounters", { file, seed: 3 })).body;
    const body = { name: "Anna", combatants: ["osric"] };
    const anna = (await gm<Link>("POST", `/encounters/${id}/players`, body)).body;
    // Everyone's choices by the tactics and Fray's dice until Osric's attack roll waits.
    const attack = /^Osric's attack on (\w+) with the ([\w ]+) \(needs \d+\)$/;
    const labelOf = (e: EncounterJson) => (e.pending?.kind === "roll" ? e.pending.label : "");
    let now = (await gm<EncounterJson>("GET", `/encounters/${id}`)).body;
    for (let i = 0; i < 200 && !attack.test(labelOf(now)); i += 1) {
      const kind = now.pending!.kind === "roll" ? "roll" : "policy";
      now = (await gm<EncounterJson>("POST", `/encounters/${id}/${kind}`, { version: now.version }))
        .body;
    }
    const [, foe, weapon] = attack.exec(labelOf(now))!;
    const seen = (await send<PlayerStateJson>(app, "GET", "/player", undefined, anna.token)).body;
    const shown = `Osric's attack on ${foe} with the ${weapon}`;
    expect(seen.pending).toMatchObject({ label: shown, prompt: `${shown}: roll a d20 (1 to 20)` });
    // Nowhere in what the link reads, nor in the refusal of dice the d20 cannot give, which
    // names the roll as the screen shows it (the dice box knows its refusal by that label).
    expect(JSON.stringify(seen)).not.toMatch(/needs \d+/);
    const wrong = { total: 25, version: now.version };
    const refusal = await send<{ error: string; where?: string }>(
      app,
      "POST",
      "/player/answer",
      wrong,
      anna.token,
    );
    expect(refusal.status).toBe(400);
    expect(refusal.body).toMatchObject({ where: shown });
    expect(JSON.stringify(refusal.body)).not.toMatch(/needs \d+/);
    const typed = { total: 15, version: now.version };
    const after = await send<PlayerStateJson>(app, "POST", "/player/answer", typed, anna.token);
    const rolls = [after.body.lastResult, after.body.blowSoFar].flatMap((r) => r?.rolls ?? []);
    expect(rolls).toContainEqual(
      expect.objectContaining({
        label: `Osric's attack on ${foe} with the ${weapon}`,
        player: "Anna",
      }),
    );
    expect(JSON.stringify(after.body)).not.toMatch(/needs \d+/);
  });
});

describe("what a player's link can reach", () => {
  for (const example of EXAMPLES) {
    it(`${example}: every state and every pushed event shows only the player's side`, async () => {
      asked = 0;
      rollsAsked = 0;
      unnamed = 0;
      cut = 0;
      opposedAsked = 0;
      const { moves, refused, events } = await walk(example);
      // A foe's strike with the link's defender's die in it is asked of the link (karn's
      // defence die, dungeons-of-olde's Defense Check).
      if (/^(karn|dungeons-of-olde)\//.test(example)) expect(opposedAsked).toBeGreaterThan(0);
      // The ambush begins with the GM's ruling on turning it around, which every side may read.
      if (example.startsWith("cartyrion/")) expect(asked).toBeGreaterThan(0);
      expect(rollsAsked).toBeGreaterThan(0);
      // A foe's split of its Base Combat Bonus is the GM's, its rule unnamed; Hrolf's attack is
      // rolled "on Gorbag the chief with the long sword", not "(needs 10)".
      if (example.startsWith("swords-wizardry-fitz/")) {
        expect(unnamed).toBeGreaterThan(0);
        expect(cut).toBeGreaterThan(0);
      }
      expect(moves).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
      expect(events).toBeGreaterThan(1);
    });
  }
});
