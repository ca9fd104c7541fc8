import type { SsrHandler } from "../../server/app.server.ts";
import { productionSsr } from "../../server/ssr.server.ts";
import { ensureProductionBuild } from "../e2e/build.ts";

/** React Router's handler over the production build (built first when missing), counting its renders. */
export async function countingSsr(): Promise<{ ssr: SsrHandler; renders: () => number }> {
  ensureProductionBuild();
  const handler = await productionSsr();
  let count = 0;
  return {
    ssr: (request, context) => {
      count += 1;
      return handler(request, context);
    },
    renders: () => count,
  };
}
