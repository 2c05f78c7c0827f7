/*
 * The job queue (docs/decisions/0011-one-job-queue.md): one `jobs` table on PostgreSQL or the
 * embedded PGlite. Modules `enqueue(tx, job)` inside the transaction of the business write and
 * register a handler per topic; `JobRunner`s claim and run the jobs, in this process (default)
 * and in as many others as wanted. Nothing here imports a module.
 */
import type { Db } from '../../db/client.js';
import { JobHandlers, JobRunner, type JobHandler, type JobLog, type JobRunnerOptions } from './runner.js';
import { jobsOverview, type JobsOverview } from './stats.js';

export {
  enqueue,
  enqueueMany,
  backoffDelayMs,
  DEFAULT_MAX_ATTEMPTS,
  type JobWriter,
  type NewJob,
} from './queue.js';
export {
  JobHandlers,
  JobRunner,
  PermanentJobError,
  type JobHandler,
  type JobLog,
  type JobRunnerOptions,
  type RunningJob,
} from './runner.js';
export { jobsOverview, type JobsOverview } from './stats.js';

/** The application's queue: its handler registry, its runner and the operator's view. */
export interface Jobs {
  /** Registers the handler of `topic` (once per topic, before the runner starts). */
  registerHandler(topic: string, handler: JobHandler): void;
  /** This process's worker; started by `start()` unless the worker is off. */
  readonly runner: JobRunner;
  /** Whether this process runs the worker (`JOBS_WORKER`). */
  readonly worker: boolean;
  /** Starts the worker (when on). */
  start(): void;
  /** Stops the worker: claimed jobs finish until the stop deadline, the rest are released. */
  stop(): Promise<void>;
  overview(): Promise<JobsOverview>;
}

/** Builds the queue of one process. */
export function createJobs(
  opts: { db: Db; log?: JobLog; worker: boolean } & Partial<
    Omit<JobRunnerOptions, 'db' | 'handlers' | 'log'>
  >,
): Jobs {
  const { db, log, worker, ...runnerOptions } = opts;
  const handlers = new JobHandlers();
  const runner = new JobRunner({ db, handlers, log, ...runnerOptions });
  return {
    registerHandler: (topic, handler) => handlers.register(topic, handler),
    runner,
    worker,
    start() {
      if (worker) runner.start();
    },
    stop: () => runner.stop(),
    overview: () => jobsOverview(db),
  };
}
