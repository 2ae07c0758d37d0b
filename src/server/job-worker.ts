// A worker thread's entry for the server's jobs: job-runner.ts has piscina load the built
// job-worker.js on each of its threads, and sends it a job's name and input, and the rulesets
// loaded with --ruleset, which the thread loads first.
import { jobEntry } from "./job-runner.js";
import { jobs, loadRulesets } from "./jobs.js";

export default jobEntry(jobs, loadRulesets);
