#!/usr/bin/env node
import process from "node:process";
import { main } from "../dist/cli/main.js";

// A reader that stops early (`fray play ... | head`) closes the pipe: the output is not wanted
// any more, which is no error.
process.stdout.on("error", (error) => {
  if (error.code !== "EPIPE") throw error;
  process.exit();
});

process.exitCode = await main(process.argv);
