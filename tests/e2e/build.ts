import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./server-process.ts";

/**
 * Production server processes need `npm run build`'s output. `npm test` builds before the end-to-end
 * run; a test that starts the server earlier (or alone) builds here when no build exists yet.
 */
export function ensureProductionBuild(): void {
  if (
    fs.existsSync(path.join(ROOT, "build", "server", "index.js")) &&
    fs.existsSync(path.join(ROOT, "build", "client"))
  )
    return;
  const result = spawnSync(path.join(ROOT, "node_modules", ".bin", "react-router"), ["build"], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 240_000,
  });
  if (result.status !== 0)
    throw new Error(
      `react-router build failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`,
    );
}
