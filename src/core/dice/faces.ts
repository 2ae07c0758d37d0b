// The faces of one die and the compare points that pick some of them.
import type { ComparePoint, DieFaces } from "./ast.js";

export function lowestFace(faces: DieFaces): number {
  return faces.kind === "fudge" ? -1 : 1;
}

export function highestFace(faces: DieFaces): number {
  return faces.kind === "fudge" ? 1 : faces.sides;
}

/** The sides to ask a DieSource for: a Fudge die is a d3 read as -1, 0, +1. */
export function sourceSides(faces: DieFaces): number {
  return faces.kind === "fudge" ? 3 : faces.sides;
}

export function matches(point: ComparePoint, value: number): boolean {
  switch (point.op) {
    case "=":
      return value === point.value;
    case ">":
      return value > point.value;
    case ">=":
      return value >= point.value;
    case "<":
      return value < point.value;
    case "<=":
      return value <= point.value;
  }
}

/** How many faces of the die a compare point matches. */
export function countMatching(point: ComparePoint, faces: DieFaces): number {
  const lo = lowestFace(faces);
  const hi = highestFace(faces);
  let from: number;
  let to: number;
  switch (point.op) {
    case "=":
      from = point.value;
      to = point.value;
      break;
    case ">":
      from = point.value + 1;
      to = hi;
      break;
    case ">=":
      from = point.value;
      to = hi;
      break;
    case "<":
      from = lo;
      to = point.value - 1;
      break;
    case "<=":
      from = lo;
      to = point.value;
      break;
  }
  return Math.max(0, Math.min(to, hi) - Math.max(from, lo) + 1);
}

export function describeFaces(faces: DieFaces): string {
  return faces.kind === "fudge" ? "dF" : `d${faces.sides}`;
}

export function formatCompare(point: ComparePoint): string {
  return `${point.op}${point.value}`;
}
