// A page's or a panel's help line, under its heading: what it is for and what to do next, for a
// GM who has never seen Fray (the list, the builder, the odds, the advisor, the simulation).
import type { ReactNode } from "react";

export function PanelHelp({ children }: { readonly children: ReactNode }) {
  return (
    <p className="panel-help">
      <span className="panel-help-mark" aria-hidden="true">
        ?
      </span>{" "}
      {children}
    </p>
  );
}
