// Schema for a key into a data table, whose error lists the known keys:
// `unknown weapon "sward"; known: dagger, longsword, shortsword`.
import { z } from "zod";

export function tableKey(what: string, keys: readonly string[]): z.ZodType<string> {
  const known = [...keys].sort().join(", ");
  return z.string().refine((k) => keys.includes(k), {
    error: (issue) => `unknown ${what} ${JSON.stringify(issue.input)}; known: ${known}`,
  });
}
