/**
 * `npm test`: the production build, the unit and integration tests (Vitest), then the browser tests
 * (scripts/test-e2e.ts), one after the other, stopping at the first that fails. Each phase's time is
 * printed when it ends, and all of them at the end, so that a slow phase shows in CI's log.
 * With TEST_DATABASE_URL set (the PostgreSQL run) Vitest runs the integration tests only and the browser
 * tests run the files that depend on the database (see scripts/test-e2e.ts).
 */
import { spawnSync } from "node:child_process";

const phases: Array<{ name: string; command: string[] }> = [
  { name: "build", command: ["npm", "run", "build"] },
  {
    name: "unit and integration tests",
    command: [process.execPath, "node_modules/vitest/vitest.mjs", "run", ...process.argv.slice(2)],
  },
  { name: "browser tests", command: [process.execPath, "scripts/test-e2e.ts"] },
];

const times: string[] = [];
let status = 0;
for (const phase of phases) {
  const started = performance.now();
  const result = spawnSync(phase.command[0]!, phase.command.slice(1), { stdio: "inherit", env: process.env });
  const took = `${phase.name}: ${formatSeconds(performance.now() - started)}`;
  times.push(took);
  process.stdout.write(`\n==> ${took}${result.status === 0 ? "" : " (failed)"}\n`);
  if (result.status !== 0) {
    status = result.status ?? 1;
    break;
  }
}
process.stdout.write(`\n==> npm test${process.env.TEST_DATABASE_URL ? " on PostgreSQL" : ""}: ${times.join(", ")}\n`);
process.exitCode = status;

function formatSeconds(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`;
}
