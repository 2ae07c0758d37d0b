// A chart's file format, from its file's extension: checked before a command's work starts, with
// none of the charting libraries loaded (they load when a chart is drawn: render.ts).
import { extname } from "node:path";
import { FrayError } from "../../core/errors.js";

export type ChartFormat = "svg" | "png";

export function chartFormat(path: string): ChartFormat {
  const ext = extname(path).toLowerCase();
  if (ext === ".svg") return "svg";
  if (ext === ".png") return "png";
  throw new FrayError(
    `--chart ${path}: the file must end in .svg or .png`,
    "--chart",
    "for example --chart odds.svg",
  );
}
