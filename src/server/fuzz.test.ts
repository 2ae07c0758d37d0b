// Whatever a careless client or an attacker sends, the API answers with a 4xx that says what is
// wrong, never a 5xx: a fuzz of every route that takes a body with malformed bodies (any JSON,
// and the right fields with wrong values), and the names that are properties of every object
// (constructor, __proto__ ...) wherever a name is looked up.
import fc from "fast-check";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "./app.js";
import { createTombril, exampleText, send, testApp } from "./test-support/app.js";

let app: App;
let id: number;

beforeAll(async () => {
  app = await testApp();
  id = (await createTombril(app)).id;
});

afterAll(() => app.close());

const ROUTES = [
  "/encounters",
  "/encounters/from-log",
  "/exchange-odds",
  "/simulations",
  ...["answer", "policy", "roll", "autoplay", "undo", "redo", "branch", "simulations"].map(
    (action) => `/encounters/ID/${action}`,
  ),
];

/** Values of every JSON kind, deep and odd ones among them. */
const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.constantFrom(-1, 0, 1e308, -0.5, "", "constructor", "__proto__", "1d1000000!#999", [], {}),
);

/** A body: any JSON, or an object with the routes' own field names holding any values. */
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      ...["file", "log", "seed", "runs", "maxRounds", "untilCi", "version", "value", "values"],
      ...["total", "steps", "unit", "at", "until", "from", "decisions", "__proto__", "constructor"],
    ),
    anyValue,
    { maxKeys: 4 },
  ),
);

describe("a fuzz of every route that takes a body", () => {
  it("answers malformed bodies with a 4xx and an error that says what is wrong, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), body, async (route, payload) => {
        const res = await app.inject({
          method: "POST",
          url: route.replace("ID", String(id)),
          headers: { "content-type": "application/json" },
          payload: JSON.stringify(payload),
        });
        if (res.statusCode >= 400) {
          expect(res.statusCode, `${route} ${JSON.stringify(payload)}: ${res.body}`).toBeLessThan(
            500,
          );
          expect(typeof res.json<{ error: unknown }>().error).toBe("string");
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("names that are properties of every object", () => {
  const NAMES = ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"];

  it("are unknown rulesets, weapons, armour and sides: 404 or 400 by name, never a 500", async () => {
    for (const name of NAMES) {
      const ruleset = await send<{ error: string }>(app, "GET", `/rulesets/${name}`);
      expect(ruleset.status, name).toBe(404);
      expect(ruleset.body.error).toContain(name);
    }
    const duel = parse(exampleText("tnt/duel.yaml")) as { combatants: Record<string, unknown>[] };
    for (const name of NAMES) {
      const asRuleset = await send<{ error: string }>(app, "POST", "/encounters", {
        file: { ...duel, ruleset: name },
      });
      expect(asRuleset.status).toBe(400);
      expect(asRuleset.body.error).toContain(`unknown ruleset "${name}"`);
      for (const field of ["weapon", "armour", "shield", "side"]) {
        const combatants = duel.combatants.map((c, i) => (i === 0 ? { ...c, [field]: name } : c));
        const res = await send<{ error: string }>(app, "POST", "/encounters", {
          file: { ...duel, combatants },
        });
        expect(res.status, `${field}: ${name}`).toBe(400);
        expect(res.body.error, `${field}: ${name}`).toMatch(/^file: combatants\[0\]/);
      }
    }
  });
});
