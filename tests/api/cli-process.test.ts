import { join } from "node:path";
import { cliScenarios } from "../helpers/cli-scenarios";

// The CLI as `npm start` runs it: Bun on the source tree.
cliScenarios("weft from source", () => [process.execPath, join(import.meta.dir, "..", "..", "src", "main.ts")]);
