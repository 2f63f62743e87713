/**
 * Prints the Markdown table of every setting (for README.md), from the same table that
 * parses them. A test checks the README holds this exact table.
 *
 *   bun scripts/settings-table.ts
 */
import { settingsMarkdown } from "../src/cli/help";

console.log(settingsMarkdown());
