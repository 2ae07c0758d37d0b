// The console: the page of the current hash route. The GM's link (`#/gm/<secret>`) keeps its
// secret in this browser and goes on to the list, leaving no secret in the address bar.
import { useEffect, useState } from "react";
import { EncounterPage } from "./components/encounter-page.js";
import { ListPage } from "./components/list-page.js";
import { PlayerScreen } from "./components/player-screen.js";
import { keepGmSecret } from "./credentials.js";
import { parseRoute, routeHref, type Route } from "./route.js";

function arrive(): Route {
  const route = parseRoute(window.location.hash);
  if (route.page !== "gm") return route;
  keepGmSecret(route.secret);
  window.history.replaceState(null, "", routeHref({ page: "list" }));
  return { page: "list" };
}

export function App() {
  const [route, setRoute] = useState(arrive);
  useEffect(() => {
    const onChange = () => setRoute(arrive());
    window.addEventListener("hashchange", onChange);
    return () => window.removeEventListener("hashchange", onChange);
  }, []);
  switch (route.page) {
    case "list":
    case "gm":
      return <ListPage />;
    case "encounter":
      return (
        <>
          <nav>
            <a href={routeHref({ page: "list" })}>← Encounters</a>
          </nav>
          <EncounterPage key={route.id} id={route.id} />
        </>
      );
    case "play":
      return <PlayerScreen key={route.token} token={route.token} />;
  }
}
