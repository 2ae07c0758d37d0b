// The store conformance suite: what every encounter store (store.ts) promises, run against each
// backend (test-support/stores.ts): records and links stored as given, the optimistic version
// (of several changes at one version exactly one is stored, of two servers storing the first
// encounter of an empty database one does), deletion of an encounter with its
// links, the rosters' stat blocks, and everything found again after the store is reopened.
import { afterEach, describe, expect, it } from "vitest";
import { ConflictError } from "./errors.js";
import type { NewPlayerLink } from "./player-link-store.js";
import type { JsonObject } from "../engine/json.js";
import { listingOf, type EncounterStore, type NewEncounter } from "./store.js";
import { CLOCK } from "./test-support/app.js";
import { storeBackends, type StoreBackend } from "./test-support/stores.js";

const NEW: NewEncounter = {
  title: "Tombril and the Hill Giant",
  ruleset: "cartyrion",
  file: {
    title: "Tombril",
    sides: [{ id: "party", name: "Party" }],
    nested: { n: [1, 2.5, null] },
  },
  seed: 4294967295,
  answers: [{ kind: "roll", label: "initiative", value: 5, by: "table" }],
  redo: [],
  round: 0,
  outcome: null,
  names: [],
  branchOf: null,
};

const PROGRESS = {
  answers: [
    { kind: "roll", label: "initiative", value: 5, by: "table" },
    { kind: "decide", actor: "tombril", question: "attack", value: { target: "giant" } },
  ],
  redo: [{ kind: "roll", label: "damage", value: 7, by: "fray" }],
  round: 1,
  outcome: { winner: "party", reason: "the giant fell" },
  names: [],
} as const;

const link = (encounterId: number, tokenHash: string): NewPlayerLink => ({
  encounterId,
  tokenHash,
  name: "Anna",
  side: "party",
  combatants: ["tombril"],
});

describe.each(storeBackends())("the encounter store on $name", (backend: StoreBackend) => {
  if (backend.unavailable !== null) {
    it.skip(`(skipped: ${backend.unavailable})`, () => undefined);
    return;
  }
  const open: EncounterStore[] = [];
  let db = "";
  async function store(): Promise<EncounterStore> {
    db = await backend.newDatabase();
    return reopen();
  }
  async function reopen(): Promise<EncounterStore> {
    const s = await backend.open(db, CLOCK);
    open.push(s);
    return s;
  }
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
  });

  it("stores an encounter as given, at version 1, and lists them oldest first", async () => {
    const s = await store();
    expect(await s.count()).toBe(0);
    const first = await s.insert(NEW);
    expect(first).toEqual({
      ...NEW,
      id: first.id,
      version: 1,
      createdAt: "2026-11-22T03:00:00.000Z",
      updatedAt: "2026-11-22T03:00:00.000Z",
    });
    const second = await s.insert({ ...NEW, title: "branch", branchOf: { id: first.id, at: 1 } });
    expect(second.id).toBeGreaterThan(first.id);
    expect(await s.get(second.id)).toEqual(second);
    expect((await s.list()).map((e) => [e.id, e.title, e.branchOf])).toEqual([
      [first.id, NEW.title, null],
      [second.id, "branch", { id: first.id, at: 1 }],
    ]);
    expect(await s.get(second.id + 1000)).toBeUndefined();
    expect(await s.count()).toBe(2);
    await s.remove(first.id);
    expect(await s.count()).toBe(1);
  });

  it("stores the first encounter once when two servers on one database ask at once", async () => {
    const s = await store();
    const other = await reopen();
    const tries = await Promise.all([
      s.insertIfEmpty(() => NEW),
      other.insertIfEmpty(() => ({ ...NEW, title: "the other's" })),
    ]);
    const stored = tries.filter((t) => t !== null);
    expect(stored).toHaveLength(1);
    expect(await s.list()).toEqual(stored.map(listingOf));
    expect(
      await other.insertIfEmpty(() => {
        throw new Error("made although the store holds an encounter");
      }),
    ).toBeNull();
    expect(await s.list()).toHaveLength(1);
  });

  it("lists the encounters as the list shows them, counting their answers without them", async () => {
    const s = await store();
    const first = await s.insert(NEW);
    const { id } = await s.insert({ ...NEW, title: "branch", branchOf: { id: first.id, at: 1 } });
    const changed = await s.update(id, 1, PROGRESS);
    const listed = await s.list();
    expect(listed).toEqual([
      {
        id: first.id,
        title: NEW.title,
        ruleset: "cartyrion",
        round: 0,
        outcome: null,
        branchOf: null,
        version: 1,
        createdAt: "2026-11-22T03:00:00.000Z",
        updatedAt: "2026-11-22T03:00:00.000Z",
        answerCount: 1,
        redoCount: 0,
        names: [],
      },
      {
        id,
        title: "branch",
        ruleset: "cartyrion",
        round: 1,
        outcome: PROGRESS.outcome,
        branchOf: { id: first.id, at: 1 },
        version: 2,
        createdAt: "2026-11-22T03:00:00.000Z",
        updatedAt: "2026-11-22T03:00:00.000Z",
        answerCount: 2,
        redoCount: 1,
        names: [],
      },
    ]);
    expect(listed).toEqual([first, changed].map(listingOf));
    // One encounter's listing, as the list shows it (what a 304 reads).
    expect(await s.listing(first.id)).toEqual(listed[0]);
    expect(await s.listing(id)).toEqual(listed[1]);
    expect(await s.listing(id + 1)).toBeUndefined();
    // A change of progress stores its names (the file's, then the late arrivals'), with a file
    // or without; a new file alone (the combatants' tactics) keeps them and the counts.
    const fighters: JsonObject[] = [
      { id: "grub", name: "Grub", side: "foes" },
      { id: "kell", side: "foes" },
    ];
    const arrived = ["Grub", "kell", "Hill Giant"];
    await s.update(id, 2, { ...PROGRESS, names: arrived }, { ...NEW.file, combatants: fighters });
    expect(await s.listing(id)).toMatchObject({ version: 3, names: arrived });
    await s.updateFile(id, 3, { ...NEW.file, changed: "tactics", combatants: fighters });
    expect((await s.list())[1]).toMatchObject({
      answerCount: 2,
      redoCount: 1,
      version: 4,
      names: arrived,
    });
    expect(await s.listing(id)).toEqual((await s.list())[1]);
    await s.update(id, 4, { ...PROGRESS, names: ["Grub", "kell"] });
    expect(await s.listing(id)).toMatchObject({ version: 5, names: ["Grub", "kell"] });
    expect((await s.get(id))!.names).toEqual(["Grub", "kell"]);
    const named = await s.insert({ ...NEW, names: ["Grub", "kell"] });
    expect(await s.listing(named.id)).toMatchObject({ names: ["Grub", "kell"] });
  });

  it("stores a change only at the version it was read at", async () => {
    const s = await store();
    const { id } = await s.insert(NEW);
    const changed = await s.update(id, 1, PROGRESS);
    expect(changed).toMatchObject({ ...PROGRESS, id, version: 2 });
    await expect(s.update(id, 1, { ...PROGRESS, round: 9 })).rejects.toThrow(ConflictError);
    await expect(s.update(id + 1000, 1, PROGRESS)).rejects.toThrow(ConflictError);
    expect(await s.get(id)).toEqual(changed);
  });

  it("stores a new file (the combatants' tactics) only at the version read, keeping the answers", async () => {
    const s = await store();
    const { id } = await s.insert(NEW);
    await s.update(id, 1, PROGRESS);
    const file = { ...NEW.file, changed: "tactics" };
    const changed = await s.updateFile(id, 2, file);
    expect(changed).toMatchObject({ ...PROGRESS, id, file, version: 3 });
    await expect(s.updateFile(id, 2, NEW.file)).rejects.toThrow(ConflictError);
    expect(await (await reopen()).get(id)).toEqual(changed);
  });

  it("stores a change with a new file (a late arrival's tactics) in one write, or neither", async () => {
    const s = await store();
    const { id } = await s.insert(NEW);
    const file = { ...NEW.file, arrivalTactics: { "giant-2": "reckless" } };
    const changed = await s.update(id, 1, PROGRESS, file);
    expect(changed).toMatchObject({ ...PROGRESS, id, file, version: 2 });
    const stale = { ...NEW.file, arrivalTactics: { "giant-2": "cautious" } };
    await expect(s.update(id, 1, { ...PROGRESS, round: 9 }, stale)).rejects.toThrow(ConflictError);
    // Without a file, a change keeps the one stored.
    const next = await s.update(id, 2, { ...PROGRESS, round: 2 });
    expect(next).toMatchObject({ file, round: 2, version: 3 });
    expect(await (await reopen()).get(id)).toEqual(next);
  });

  it("of ten changes at one version, stores exactly one and refuses the others", async () => {
    const s = await store();
    const { id } = await s.insert(NEW);
    const tries = await Promise.allSettled(
      Array.from({ length: 10 }, (_, round) => s.update(id, 1, { ...PROGRESS, round })),
    );
    const stored = tries.filter((t) => t.status === "fulfilled");
    expect(stored).toHaveLength(1);
    for (const t of tries)
      if (t.status === "rejected") expect(t.reason).toBeInstanceOf(ConflictError);
    const now = await s.get(id);
    expect(now).toEqual(stored[0]!.value);
    expect(now!.version).toBe(2);
  });

  it("keeps the players' links by the hash of their token, and revokes them once", async () => {
    const s = await store();
    const { id } = await s.insert(NEW);
    const other = await s.insert(NEW);
    const anna = await s.playerLinks.insert(link(id, "a".repeat(64)));
    expect(anna).toEqual({
      id: anna.id,
      encounterId: id,
      name: "Anna",
      side: "party",
      combatants: ["tombril"],
      createdAt: "2026-11-22T03:00:00.000Z",
      revokedAt: null,
    });
    const side = await s.playerLinks.insert({ ...link(id, "b".repeat(64)), combatants: null });
    await s.playerLinks.insert(link(other.id, "c".repeat(64)));
    await expect(s.playerLinks.insert(link(id, "a".repeat(64)))).rejects.toThrow();
    expect(await s.playerLinks.byTokenHash("b".repeat(64))).toEqual(side);
    expect(await s.playerLinks.byTokenHash("d".repeat(64))).toBeUndefined();
    expect((await s.playerLinks.list(id)).map((l) => l.id)).toEqual([anna.id, side.id]);
    expect(await s.playerLinks.revoke(other.id, anna.id)).toBeUndefined();
    const revoked = await s.playerLinks.revoke(id, anna.id);
    expect(revoked).toEqual({ ...anna, revokedAt: "2026-11-22T03:00:00.000Z" });
    expect(await s.playerLinks.revoke(id, anna.id)).toEqual(revoked);
    expect(await s.playerLinks.revoke(id, side.id + 1000)).toBeUndefined();
  });

  it("moves an encounter's links not revoked on to another (the fight fought again), and no other's", async () => {
    const s = await store();
    const { id } = await s.insert(NEW);
    const other = await s.insert(NEW);
    const again = await s.insert(NEW);
    const anna = await s.playerLinks.insert(link(id, "a".repeat(64)));
    const ben = await s.playerLinks.insert(link(id, "b".repeat(64)));
    const cid = await s.playerLinks.insert(link(other.id, "c".repeat(64)));
    const revoked = await s.playerLinks.revoke(id, ben.id);
    const moved = await s.playerLinks.moveOn(id, again.id);
    expect(moved).toEqual([{ ...anna, encounterId: again.id }]);
    expect(await s.playerLinks.byTokenHash("a".repeat(64))).toEqual(moved[0]);
    expect(await s.playerLinks.list(id)).toEqual([revoked]);
    expect(await s.playerLinks.list(other.id)).toEqual([cid]);
    expect(await s.playerLinks.moveOn(id, again.id)).toEqual([]);
    // Where they went stays said, a move of none not overwriting it; gone with either encounter.
    expect(await s.playerLinks.moveOn(id, other.id)).toEqual([]);
    expect(await s.playerLinks.movedTo(id)).toBe(again.id);
    expect(await s.playerLinks.movedTo(again.id)).toBeNull();
    expect(await s.playerLinks.movedTo(other.id)).toBeNull();
    await s.remove(again.id);
    expect(await s.playerLinks.movedTo(id)).toBeNull();
  });

  it("deletes an encounter with its links, and says when there was none", async () => {
    const s = await store();
    const { id } = await s.insert(NEW);
    const kept = await s.insert(NEW);
    await s.playerLinks.insert(link(id, "a".repeat(64)));
    await s.playerLinks.insert(link(kept.id, "b".repeat(64)));
    expect(await s.remove(id)).toBe(true);
    expect(await s.remove(id)).toBe(false);
    expect(await s.get(id)).toBeUndefined();
    expect(await s.playerLinks.list(id)).toEqual([]);
    expect(await s.playerLinks.byTokenHash("a".repeat(64))).toBeUndefined();
    expect(await s.playerLinks.list(kept.id)).toHaveLength(1);
  });

  it("keeps the rosters' stat blocks as given, by ruleset and roster, deletes them, and finds them again once reopened", async () => {
    const s = await store();
    const tombril = {
      id: "tombril",
      name: "Tombril",
      weapons: [{ weapon: "shortsword", magic: 2 }],
    };
    const orc = { id: "orc", hitPoints: 20 };
    const first = await s.rosters.insert({
      ruleset: "cartyrion",
      roster: "party",
      combatant: tombril,
    });
    expect(first).toEqual({
      id: first.id,
      ruleset: "cartyrion",
      roster: "party",
      combatant: tombril,
      createdAt: CLOCK().toISOString(),
    });
    const second = await s.rosters.insert({ ruleset: "tnt", roster: "bestiary", combatant: orc });
    expect(await s.rosters.list()).toEqual([first, second]);
    expect(await s.rosters.list("tnt")).toEqual([second]);
    expect(await s.rosters.list("tnt", "party")).toEqual([]);
    expect(await s.rosters.get(second.id)).toEqual(second);
    expect(await s.rosters.remove(second.id)).toBe(true);
    expect(await s.rosters.remove(second.id)).toBe(false);
    expect(await s.rosters.get(second.id)).toBeUndefined();
    await s.close();
    open.splice(open.indexOf(s), 1);
    expect(await (await reopen()).rosters.list()).toEqual([first]);
  });

  it("finds everything again once reopened", async () => {
    const s = await store();
    const { id } = await s.insert(NEW);
    const changed = await s.update(id, 1, PROGRESS);
    const anna = await s.playerLinks.insert(link(id, "a".repeat(64)));
    await s.close();
    open.splice(open.indexOf(s), 1);
    const again = await reopen();
    expect(await again.list()).toEqual([listingOf(changed)]);
    expect(await again.playerLinks.byTokenHash("a".repeat(64))).toEqual(anna);
  });
});
