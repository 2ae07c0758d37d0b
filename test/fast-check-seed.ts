// Every property test runs with a fixed seed unless it names its own, so that the suite is
// deterministic (a failure is reproduced by the same run, not found once in a while).
import fc from "fast-check";

fc.configureGlobal({ seed: 20261122 });
