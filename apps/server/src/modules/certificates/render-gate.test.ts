import { describe, expect, it } from 'vitest';
import { printable } from './certificate-pdf.js';
import { certificateFileName, CODE_PATTERN, newCertificateCode } from './certificates.service.js';
import { ByteLru, RenderGate } from './render-gate.js';

describe('RenderGate', () => {
  it('when the slots and the queue are full, then the next caller is refused at once with 503 and Retry-After', async () => {
    const gate = new RenderGate(1, 1);
    const first = await gate.acquire();
    const second = gate.acquire();
    expect(gate.load).toEqual({ running: 1, waiting: 1 });
    await expect(gate.acquire()).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      status: 503,
      headers: { 'retry-after': '2' },
    });
    first();
    first(); // A second release does nothing.
    const release = await second;
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    release();
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('when work throws, then its slot is given back', async () => {
    const gate = new RenderGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(() => Promise.resolve(7))).resolves.toBe(7);
  });
});

describe('ByteLru', () => {
  it('when over its byte budget, then the least recently used entries go first', () => {
    const lru = new ByteLru(10);
    lru.set('a', Buffer.alloc(4));
    lru.set('b', Buffer.alloc(4));
    lru.get('a');
    lru.set('c', Buffer.alloc(4));
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBeDefined();
    expect(lru.get('c')).toBeDefined();
    expect(lru.bytes).toBe(8);
    lru.set('huge', Buffer.alloc(11));
    expect(lru.get('huge')).toBeUndefined();
  });
});

describe('certificate codes and names', () => {
  it('when codes are drawn, then they follow ATL-XXXX-XXXX-XXXX without ambiguous characters and do not repeat', () => {
    const codes = new Set(Array.from({ length: 2000 }, newCertificateCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) {
      expect(code).toMatch(CODE_PATTERN);
      expect(code.slice(4)).not.toMatch(/[IL O01]/);
    }
  });

  it('when a title is hostile, then the file name keeps ASCII letters, digits and dashes only', () => {
    expect(
      certificateFileName({
        type: 'module',
        courseName: 'x',
        certificateTitle: '../../etc/"passwd"\r\nSet-Cookie: a=b; Zoë',
        code: 'ATL-ABCD-EFGH-JKMN',
      }),
    ).toBe('certificate-etc-passwd-set-cookie-a-b-zoe-ATL-ABCD-EFGH-JKMN.pdf');
    expect(
      certificateFileName({
        type: 'course',
        courseName: '李',
        certificateTitle: null,
        code: 'ATL-ABCD-EFGH-JKMN',
      }),
    ).toBe('certificate-ATL-ABCD-EFGH-JKMN.pdf');
  });

  it('when text has control characters or other scripts, then the standard fonts get printable text', () => {
    expect(printable('A\u0000B\nC')).toBe('A B C');
    expect(printable('Łódź “quoted” – ₹5')).toBe('Lódz "quoted" - Rs.5');
    expect(printable('राम')).toBe('???');
  });
});
