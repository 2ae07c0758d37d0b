import { describe, expect, it } from "vitest";
import { parseRoute, routeHref, type Route } from "./route.js";

describe("the console's hash routes", () => {
  it("reads the list, an encounter and a side's player view", () => {
    expect(parseRoute("")).toEqual({ page: "list" });
    expect(parseRoute("#/")).toEqual({ page: "list" });
    expect(parseRoute("#/encounters/12")).toEqual({ page: "encounter", id: 12 });
    expect(parseRoute("#/encounters/3/player/the%20party")).toEqual({
      page: "player",
      id: 3,
      side: "the party",
    });
  });

  it("sends anything else to the list", () => {
    for (const hash of ["#/encounters/x", "#/encounters/0", "#/encounters/1/gm", "#/rulesets"]) {
      expect(parseRoute(hash)).toEqual({ page: "list" });
    }
  });

  it("writes every route as a hash that reads back the same", () => {
    const routes: Route[] = [
      { page: "list" },
      { page: "encounter", id: 7 },
      { page: "player", id: 7, side: "opponents/2" },
    ];
    for (const route of routes) expect(parseRoute(routeHref(route))).toEqual(route);
  });
});
