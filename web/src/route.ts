// The console's pages, as hash routes (`#/encounters/3`, the encounter builder `#/new`, with a
// copy of encounter 3 `#/new/3`): the API owns every real path, so the
// console's own never collide with it. A player's screen (`#/play/<token>`) and the GM's link
// (`#/gm/<secret>`) carry their credential after the `#`, which the browser never sends.
export type Route =
  | { readonly page: "list" }
  /** The builder; `from`: with a copy of that stored encounter's file to change (`#/new/12`). */
  | { readonly page: "build"; readonly from?: number }
  | { readonly page: "encounter"; readonly id: number }
  | { readonly page: "play"; readonly token: string }
  | { readonly page: "gm"; readonly secret: string };

export function parseRoute(hash: string): Route {
  const parts = hash
    .replace(/^#?\/?/, "")
    .split("/")
    .filter((p) => p !== "");
  if (parts.length === 1 && parts[0] === "new") return { page: "build" };
  const from = Number(parts[1]);
  if (parts.length === 2 && parts[0] === "new" && Number.isInteger(from) && from > 0) {
    return { page: "build", from };
  }
  if (parts.length === 2 && parts[0] === "play") return { page: "play", token: parts[1]! };
  if (parts.length === 2 && parts[0] === "gm") {
    return { page: "gm", secret: decodeURIComponent(parts[1]!) };
  }
  const id = Number(parts[1]);
  if (parts[0] !== "encounters" || !Number.isInteger(id) || id <= 0) return { page: "list" };
  if (parts.length === 2) return { page: "encounter", id };
  return { page: "list" };
}

export function routeHref(route: Route): string {
  switch (route.page) {
    case "list":
      return "#/";
    case "build":
      return route.from === undefined ? "#/new" : `#/new/${route.from}`;
    case "encounter":
      return `#/encounters/${route.id}`;
    case "play":
      return `#/play/${route.token}`;
    case "gm":
      return `#/gm/${encodeURIComponent(route.secret)}`;
  }
}
