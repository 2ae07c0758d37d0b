// A sweep's results as a table: one row per grid point with the varied values, each side's win
// probability and its 95% interval, draws, mutual kills and mean rounds; written as CSV or JSON.
import type { SweepResult } from "./sweep.js";

export interface SweepTable {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly (number | string)[])[];
}

export function sweepTable(result: SweepResult): SweepTable {
  const first = result.rows[0]?.summary;
  const sides = first?.sides.map((s) => s.id) ?? [];
  const columns = [
    ...result.varies.map((v) => v.path),
    "runs",
    ...sides.flatMap((s) => [`${s}_win`, `${s}_win_low`, `${s}_win_high`]),
    "draw",
    "mutual_kill",
    "mean_rounds",
  ];
  const rows = result.rows.map(({ point, summary }) => [
    ...point.map((p) => p.value),
    summary.runs,
    ...summary.sides.flatMap((s) => [s.win.p, s.win.low, s.win.high]),
    summary.draw.p,
    summary.mutualKill.p,
    summary.rounds.mean,
  ]);
  return { columns, rows };
}

function csvCell(v: number | string): string {
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : v.toFixed(6);
  return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export function toCsv(table: SweepTable): string {
  return [table.columns, ...table.rows].map((r) => r.map(csvCell).join(",")).join("\n") + "\n";
}

/** JSON: the grid and, per point, the varied values and the full simulation summary. */
export function toJson(result: SweepResult): string {
  return (
    JSON.stringify(
      {
        varies: result.varies,
        points: result.rows.map((r) => ({
          values: Object.fromEntries(r.point.map((p) => [p.path, p.value])),
          stopped: r.stopped,
          ...r.summary,
        })),
      },
      null,
      2,
    ) + "\n"
  );
}
