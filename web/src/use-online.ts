// The browser's own word on its network (a phone put to sleep, a laptop's lost Wi-Fi), at once:
// a stream may take a while to notice that its connection is dead (event-stream.ts).
import { useEffect, useState } from "react";

export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const said = () => setOnline(navigator.onLine);
    window.addEventListener("online", said);
    window.addEventListener("offline", said);
    return () => {
      window.removeEventListener("online", said);
      window.removeEventListener("offline", said);
    };
  }, []);
  return online;
}
