import { describe, expect, it } from "vitest";
import { parseRoute, routeHref, type Route } from "./route.js";

describe("the console's hash routes", () => {
  it("reads the list, the builder, an encounter, a player's screen and the GM's link", () => {
    expect(parseRoute("")).toEqual({ page: "list" });
    expect(parseRoute("#/")).toEqual({ page: "list" });
    expect(parseRoute("#/encounters/12")).toEqual({ page: "encounter", id: 12 });
    expect(parseRoute("#/new")).toEqual({ page: "build" });
    expect(parseRoute("#/new/12")).toEqual({ page: "build", from: 12 });
    expect(parseRoute("#/play/fp_abc-DEF_123")).toEqual({ page: "play", token: "fp_abc-DEF_123" });
    expect(parseRoute("#/gm/a%2Fb")).toEqual({ page: "gm", secret: "a/b" });
  });

  it("sends anything else to the list (the old side views among them)", () => {
    for (const hash of [
      "#/encounters/x",
      "#/encounters/0",
      "#/encounters/1/gm",
      "#/encounters/3/player/party",
      "#/rulesets",
      "#/play",
      "#/new/0",
      "#/new/x",
    ]) {
      expect(parseRoute(hash)).toEqual({ page: "list" });
    }
  });

  it("writes every route as a hash that reads back the same", () => {
    const routes: Route[] = [
      { page: "list" },
      { page: "build" },
      { page: "build", from: 3 },
      { page: "encounter", id: 7 },
      { page: "play", token: "fp_x" },
      { page: "gm", secret: "s/e#cret" },
    ];
    for (const route of routes) expect(parseRoute(routeHref(route))).toEqual(route);
  });
});
