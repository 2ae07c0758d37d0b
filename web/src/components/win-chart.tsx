// The chart of a simulation's outcomes (render-chart.ts), drawn into a box of its own.
import { useEffect, useRef } from "react";
import type { OutcomeSummary } from "../../../src/sim/charts/outcome-panel.js";

export function WinChart({ summary }: { readonly summary: OutcomeSummary }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = box.current;
    if (container === null) return;
    let view: { finalize(): void } | null = null;
    let gone = false;
    void import("./render-chart.js")
      .then(({ renderOutcomeChart }) => renderOutcomeChart(container, summary))
      .then((drawn) => {
        view = drawn;
        if (gone) drawn.finalize();
      });
    return () => {
      gone = true;
      view?.finalize();
    };
  }, [summary]);
  return <div className="chart" ref={box} />;
}
