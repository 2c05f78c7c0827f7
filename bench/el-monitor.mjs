// Preloaded into the benchmarked server (`node --import`): records the event-loop delay and, on
// SIGUSR2, writes its percentiles to BENCH_EL_FILE and starts a new recording.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
process.on('SIGUSR2', () => {
  const ms = (ns) => Math.round((ns / 1e6) * 100) / 100;
  writeFileSync(
    process.env.BENCH_EL_FILE,
    JSON.stringify({
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
    }),
  );
  histogram.reset();
});
