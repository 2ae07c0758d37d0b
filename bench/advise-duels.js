// What bench/advise-fresh.js and bench/advise-warm.js share: the duel examples they advise at
// (`BENCH_DUELS`, comma-separated paths under examples/, replaces the list), the median of a
// list, and the machine's load (the 1-minute average), which each reports beside its figures.
import { readFileSync } from "node:fs";
import process from "node:process";

const DUELS = [
  "dungeons-of-olde/duel.yaml",
  "cartyrion/tombril-and-the-hill-giant.yaml",
  "cartyrion/duel-sellsword-and-bandit.yaml",
  "karn/duel.yaml",
  "swords-wizardry-fitz/duel.yaml",
  "tnt/duel.yaml",
];

export const duels = process.env.BENCH_DUELS?.split(",") ?? DUELS;

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export const load = () => readFileSync("/proc/loadavg", "utf8").split(" ")[0];
