#!/usr/bin/env node
import process from "node:process";
import { main } from "../dist/cli/main.js";

process.exitCode = await main(process.argv);
