// The chart of a simulation's outcomes (render-chart.ts), drawn into a box of its own.
import { useEffect, useRef, useState } from "react";
import type { OutcomeSummary } from "../../../src/sim/charts/outcome-panel.js";
import { NotLoaded } from "./not-loaded.js";

/** `labels`: each bar's chance as the table beside it says it, in the bars' order. */
export function WinChart({
  summary,
  labels,
}: {
  readonly summary: OutcomeSummary;
  readonly labels: readonly string[];
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const container = box.current;
    if (container === null) return;
    let view: { finalize(): void } | null = null;
    let gone = false;
    // Only the code's loading is caught here: a chart that fails to draw is an error as before.
    void import("./render-chart.js").then(
      ({ renderOutcomeChart }) =>
        renderOutcomeChart(container, summary, labels).then((drawn) => {
          view = drawn;
          if (gone) drawn.finalize();
        }),
      () => {
        if (!gone) setFailed(true);
      },
    );
    return () => {
      gone = true;
      view?.finalize();
    };
  }, [summary, labels]);
  return failed ? <NotLoaded /> : <div className="chart" ref={box} />;
}
