// The order vitest starts the test files in: vitest's own (the projects by name, and in a project
// the longest files first by the durations of the last run), but in a run with no durations of a
// file (a fresh clone, so every CI run) vitest starts the larger files first, and the longest
// unit files are among the smallest: the conformance suites (a few lines calling the suite of
// src/engine/test-support/conformance.ts) and the resumable points' checks started last, and the
// run ended on one fork while the other had nothing left to take (docs/benchmarks.md, "The test
// suite"). Here the files known to be long start first in their project.
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Files that take the longest in their project, by their names: matched against the path. */
const LONG = [/conformance\.test\.[jt]s$/, /\/procedures\/spent[^/]*\.test\.ts$/];

const isLong = (spec: TestSpecification) => LONG.some((re) => re.test(spec.moduleId));

export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Each project's files stay together, in the order vitest gives the projects; inside a
    // project the long ones go first, each part in vitest's order.
    const projects = [...new Set(sorted.map((s) => s.project.name))];
    const rank = (s: TestSpecification) =>
      projects.indexOf(s.project.name) * 2 + (isLong(s) ? 0 : 1);
    return sorted
      .map((spec, at) => ({ spec, at, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank || a.at - b.at)
      .map((e) => e.spec);
  }
}
