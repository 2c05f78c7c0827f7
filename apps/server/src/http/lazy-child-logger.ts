import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LogFn } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
const LEVELS: Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/**
 * Fastify's `childLoggerFactory`: each request's logger (carrying its request id) is created only
 * when the request first logs at an enabled level. An eager pino child per request (bindings,
 * serializers, redaction) cost the hot cached endpoints about 8% of their throughput
 * (bench/results), and at `warn` most requests never log. The lines written are exactly those the
 * eager child would have written.
 */
export function lazyChildLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  opts: ChildLoggerOptions,
): FastifyBaseLogger {
  let real: FastifyBaseLogger | undefined;
  const materialise = (): FastifyBaseLogger => (real ??= parent.child(bindings, opts));
  const enabled = (level: Level): boolean => {
    const check = (parent as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
    return check ? check.call(parent, level) : true;
  };
  const method =
    (level: Level): LogFn =>
    (...args: Parameters<LogFn>) => {
      if (real || enabled(level)) materialise()[level](...args);
    };
  const logger: Pick<FastifyBaseLogger, 'level' | 'silent' | 'child'> & Partial<FastifyBaseLogger> = {
    get level(): string {
      return (real ?? parent).level;
    },
    set level(value: string) {
      materialise().level = value;
    },
    silent: () => undefined,
    child: (childBindings: Bindings, childOpts?: ChildLoggerOptions) =>
      materialise().child(childBindings, childOpts),
  };
  for (const level of LEVELS) logger[level] = method(level);
  return logger as FastifyBaseLogger;
}
