/** The same-run baseline of the load benches: closed-loop GET /api/health, and the percentile they share. */

/** The p-th percentile of ascending figures (0 for none). */
export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Closed-loop GET /api/health from `connections` clients for `ms`: requests/s and latency percentiles. */
export async function measureHealth(
  base: string,
  connections: number,
  ms: number,
): Promise<{ rps: number; p50: number; p99: number }> {
  const latencies: number[] = [];
  const end = performance.now() + ms;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        const response = await fetch(`${base}/api/health`);
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / (ms / 1000), p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}
