// The bounded memo keeps its limit and computes once per key it holds; packed keys refuse digits
// outside their radix and keys past 2^53, and distinct digit sequences give distinct keys.
import { describe, expect, it } from "vitest";
import { digit, ListMemo, Memo } from "./memo.js";

describe("Memo", () => {
  it("computes a value once while it is held, and holds at most its limit, the oldest leaving first", () => {
    const memo = new Memo<number, number>(3);
    let calls = 0;
    const square = (k: number) => {
      calls += 1;
      return k * k;
    };
    expect([1, 2, 3, 1, 2].map((k) => memo.get(k, square))).toEqual([1, 4, 9, 1, 4]);
    expect(calls).toBe(3);
    expect(memo.get(4, square)).toBe(16);
    expect(memo.size).toBe(3);
    expect(calls).toBe(4);
    memo.get(1, square);
    expect(calls).toBe(5);
    memo.get(3, square);
    expect(calls).toBe(5);
  });

  it("holds undefined as a value like any other", () => {
    const memo = new Memo<string, undefined>(2);
    let calls = 0;
    memo.get("a", () => void (calls += 1));
    memo.get("a", () => void (calls += 1));
    expect(calls).toBe(1);
  });

  it("holds a value put in for its key, in place of the one held, within its limit", () => {
    const memo = new Memo<string, number>(2);
    const never = () => {
      throw new Error("computed");
    };
    memo.put("a", 1);
    memo.put("a", 2);
    expect(memo.get("a", never)).toBe(2);
    expect(memo.size).toBe(1);
    memo.put("b", 3);
    memo.put("c", 4);
    expect(memo.size).toBe(2);
    expect([memo.get("b", never), memo.get("c", never), memo.get("a", () => 5)]).toEqual([3, 4, 5]);
  });

  it("refuses a limit that is not a whole number above 0", () => {
    expect(() => new Memo(0)).toThrow(RangeError);
    expect(() => new Memo(1.5)).toThrow(RangeError);
  });
});

describe("digit", () => {
  it("packs digits into distinct keys: every pair of 3 held states and 3 untrained penalties", () => {
    const keys = new Set<number>();
    for (let held = 0; held < 4 ** 3; held += 1)
      for (let untrained = 0; untrained < 17 ** 3; untrained += 1)
        keys.add(digit(held, untrained, 17 ** 3));
    expect(keys.size).toBe(4 ** 3 * 17 ** 3);
  });

  it("refuses a digit outside its radix and a key past 2^53", () => {
    expect(() => digit(0, 1021, 1021)).toThrow("key digit 1021 is outside 0..1020");
    expect(() => digit(0, -1, 8)).toThrow(RangeError);
    expect(() => digit(0, 0.5, 8)).toThrow(RangeError);
    expect(() => digit(2 ** 50, 0, 64)).toThrow("past 2^53");
    expect(digit(digit(3, 5, 8), 7, 8)).toBe((3 * 8 + 5) * 8 + 7);
  });
});

describe("ListMemo", () => {
  /** The value of `list` in `memo`, computing it as the list's numbers joined. */
  const valueOf = (memo: ListMemo<string>, list: readonly number[], computed: string[]) => {
    memo.begin();
    for (const x of list) memo.add(x);
    return memo.get(() => {
      computed.push(list.join());
      return list.join();
    });
  };

  it("gives each list of numbers its own value, computed once while it is held", () => {
    const memo = new ListMemo<string>(10);
    const computed: string[] = [];
    const lists = [[1, 2], [2, 1], [1, 2, 0], [12], [-1, 2 ** 52], [2 ** 52, -1], [0, 0]];
    const first = lists.map((l) => valueOf(memo, l, computed));
    expect(first).toEqual(lists.map((l) => l.join()));
    expect(lists.map((l) => valueOf(memo, l, computed))).toEqual(first);
    expect(computed).toHaveLength(lists.length);
  });

  it("never gives a list another's value when their hashes meet; the later list takes the entry", () => {
    // [14758, 7] and [18656, 7] share a hash (found by trying every first number from 0).
    const memo = new ListMemo<string>(10);
    const computed: string[] = [];
    expect(valueOf(memo, [14758, 7], computed)).toBe("14758,7");
    expect(valueOf(memo, [18656, 7], computed)).toBe("18656,7");
    expect(memo.size).toBe(1);
    expect(valueOf(memo, [14758, 7], computed)).toBe("14758,7");
    expect(computed).toEqual(["14758,7", "18656,7", "14758,7"]);
  });

  it("holds at most its limit, and may be used again while it computes", () => {
    const memo = new ListMemo<string>(2);
    const computed: string[] = [];
    memo.begin().add(1);
    // The outer key is kept while the inner one is made and held.
    expect(memo.get(() => valueOf(memo, [2], computed) + "+1")).toBe("2+1");
    expect(valueOf(memo, [1], computed)).toBe("2+1");
    valueOf(memo, [3], computed);
    expect(memo.size).toBe(2);
    expect(computed).toEqual(["2", "3"]);
    expect(valueOf(memo, [2], computed)).toBe("2");
    expect(computed).toEqual(["2", "3", "2"]);
  });
});
