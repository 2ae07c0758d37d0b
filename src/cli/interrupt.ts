// Ctrl-C as a request to stop the work in progress (`fray sim`, `fray sweep`, `fray audit`, `fray
// odds <encounter>`): in a module of its own, so that a command takes it without loading another
// command's modules.

/**
 * Ctrl-C aborts the signal once (a second Ctrl-C ends the process as usual). `say` tells the
 * user `what` happens now; by default on stderr (a progress bar shows it in its own line instead).
 */
export function interruptOnCtrlC(
  say: (text: string) => void = (text) => process.stderr.write(`\n${text}\n`),
  what = "stopping after the batches in progress",
): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const onInt = () => {
    say(`${what} (Ctrl-C again to quit now)`);
    controller.abort();
    process.removeListener("SIGINT", onInt);
  };
  process.on("SIGINT", onInt);
  return { signal: controller.signal, release: () => process.removeListener("SIGINT", onInt) };
}
