import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger } from './lazy-child-logger.js';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const parent = pino({ level, redact: ['*.password'] }, stream);
  return { parent, lines };
}

describe('per-request logger created on first use', () => {
  it('when a request logs at an enabled level, then the line carries its request id, as an eager child would', async () => {
    const { parent, lines } = capture('info');
    const log = lazyChildLogger(parent, { requestId: 'req-1' }, {});
    log.warn({ user: { password: 'secret' } }, 'slow answer');
    log.info('second line');
    await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      requestId: 'req-1',
      msg: 'slow answer',
      level: 40,
      user: { password: '[Redacted]' },
    });
    expect(lines[1]).toMatchObject({ requestId: 'req-1', msg: 'second line' });
  });

  it('when a request only logs below the level, then nothing is written and no child logger is made', async () => {
    const { parent, lines } = capture('warn');
    const child = vi.spyOn(parent, 'child');
    const log = lazyChildLogger(parent, { requestId: 'req-2' }, {});
    log.info('incoming request');
    log.debug('details');
    await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(0);
    expect(child).not.toHaveBeenCalled();
    expect(log.level).toBe('warn');
  });

  it('when a grandchild logger is asked for, then it keeps the request id and adds its own bindings', async () => {
    const { parent, lines } = capture('info');
    lazyChildLogger(parent, { requestId: 'req-3' }, {}).child({ module: 'auth' }).error('denied');
    await new Promise((r) => setImmediate(r));
    expect(lines[0]).toMatchObject({ requestId: 'req-3', module: 'auth', msg: 'denied' });
  });
});
