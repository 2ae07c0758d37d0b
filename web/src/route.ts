// The console's pages, as hash routes (`#/encounters/3/player/party`): the API owns every real
// path, so the console's own never collide with it.
export type Route =
  | { readonly page: "list" }
  | { readonly page: "encounter"; readonly id: number }
  | { readonly page: "player"; readonly id: number; readonly side: string };

export function parseRoute(hash: string): Route {
  const parts = hash
    .replace(/^#?\/?/, "")
    .split("/")
    .filter((p) => p !== "");
  const id = Number(parts[1]);
  if (parts[0] !== "encounters" || !Number.isInteger(id) || id <= 0) return { page: "list" };
  if (parts.length === 2) return { page: "encounter", id };
  if (parts.length === 4 && parts[2] === "player") {
    return { page: "player", id, side: decodeURIComponent(parts[3]!) };
  }
  return { page: "list" };
}

export function routeHref(route: Route): string {
  switch (route.page) {
    case "list":
      return "#/";
    case "encounter":
      return `#/encounters/${route.id}`;
    case "player":
      return `#/encounters/${route.id}/player/${encodeURIComponent(route.side)}`;
  }
}
