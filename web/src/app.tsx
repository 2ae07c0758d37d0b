// The console: the page of the current hash route.
import { useEffect, useState } from "react";
import { EncounterPage } from "./components/encounter-page.js";
import { ListPage } from "./components/list-page.js";
import { PlayerPage } from "./components/player-page.js";
import { parseRoute, routeHref } from "./route.js";

export function App() {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener("hashchange", onChange);
    return () => window.removeEventListener("hashchange", onChange);
  }, []);
  switch (route.page) {
    case "list":
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
    case "player":
      return <PlayerPage key={`${route.id}/${route.side}`} id={route.id} side={route.side} />;
  }
}
