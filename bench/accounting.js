// Where the time of a simulation went, so that its speed-up can be judged on a shared machine:
// wall time, the CPU time of the whole process (every thread, exited ones included, from
// getrusage) and of the main thread, and how long the main thread waited for a CPU while it could
// have run (Linux /proc schedstat; zeros elsewhere). Used by bench/sim.js and bench/sim-child.js.
import { readFileSync } from "node:fs";
import process from "node:process";
import { performance } from "node:perf_hooks";

function mainThread() {
  try {
    const [cpu, wait] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8")
      .split(" ")
      .map(Number);
    return { cpu: cpu / 1e9, wait: wait / 1e9 };
  } catch {
    return { cpu: 0, wait: 0 };
  }
}

function snapshot() {
  const usage = process.cpuUsage();
  return {
    wall: performance.now() / 1e3,
    cpu: (usage.user + usage.system) / 1e6,
    main: mainThread(),
  };
}

/**
 * Runs `fn` and returns its value with { wall, cpu, mainCpu, mainWait, mainIdle } in seconds.
 * mainIdle is the main thread's time neither running nor waiting for a CPU: blocked, with
 * nothing to do (waiting for a worker's result, say).
 */
export async function accounted(fn) {
  const a = snapshot();
  const value = await fn();
  const b = snapshot();
  const wall = b.wall - a.wall;
  const mainCpu = b.main.cpu - a.main.cpu;
  const mainWait = b.main.wait - a.main.wait;
  return {
    value,
    wall,
    cpu: b.cpu - a.cpu,
    mainCpu,
    mainWait,
    mainIdle: Math.max(0, wall - mainCpu - mainWait),
  };
}
