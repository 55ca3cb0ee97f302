/** Times `work` for a fixed number of iterations after a warm-up and reports operations per second. */
export async function measure(name: string, iterations: number, work: () => Promise<unknown>): Promise<{ name: string; opsPerSecond: number; p99Ms: number }> {
  for (let i = 0; i < Math.min(50, iterations); i++) await work();
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await work();
    samples.push(performance.now() - t);
  }
  const elapsed = performance.now() - started;
  samples.sort((a, b) => a - b);
  return { name, opsPerSecond: (iterations / elapsed) * 1000, p99Ms: samples[Math.floor(samples.length * 0.99)] ?? 0 };
}

export function report(
  title: string,
  baseline: { name: string; opsPerSecond: number; p99Ms: number },
  subject: { name: string; opsPerSecond: number; p99Ms: number },
) {
  const ratio = subject.opsPerSecond / baseline.opsPerSecond;
  console.log(`\n${title}`);
  for (const row of [baseline, subject])
    console.log(`  ${row.name.padEnd(44)} ${row.opsPerSecond.toFixed(0).padStart(8)} ops/s   p99 ${row.p99Ms.toFixed(2)} ms`);
  console.log(`  ratio ${subject.name} / ${baseline.name}: ${ratio.toFixed(2)}`);
  return ratio;
}
