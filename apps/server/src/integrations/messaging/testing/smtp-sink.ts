import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/*
 * A real SMTP server for tests (the `smtp-server` package) on 127.0.0.1 and an ephemeral port:
 * it accepts every mail, keeps it raw and parsed (`mailparser`), and can be told to refuse the
 * next ones with a given reply at RCPT TO or after DATA. `startSilentServer` is a TCP server
 * that accepts connections and never says a word (a hung mail server).
 */

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  /** The message as it came over the wire. */
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpRefusal {
  /** Where the server refuses: the recipient, or the message once its data is in. */
  stage: 'rcpt' | 'data';
  code: number;
  message: string;
}

export interface SmtpSink {
  port: number;
  /** `smtp://127.0.0.1:{port}` */
  url: string;
  /** Accepted mails, in order. */
  mails: ReceivedMail[];
  /** Messages refused after DATA (raw), so a test can compare a retry with its first attempt. */
  refusedData: string[];
  /** Refuses the next mail(s) with this reply. */
  refuseNext(refusal: SmtpRefusal, times?: number): void;
  /** How many client connections are open now (a pool keeps idle ones). */
  openConnections(): Promise<number>;
  /** Resolves once `n` mails were accepted (fails after `ms`). */
  waitForMails(n: number, ms?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

function smtpError(refusal: SmtpRefusal): Error {
  return Object.assign(new Error(refusal.message), { responseCode: refusal.code });
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const refusedData: string[] = [];
  const refusals: SmtpRefusal[] = [];
  const takeRefusal = (stage: SmtpRefusal['stage']) => {
    const index = refusals.findIndex((r) => r.stage === stage);
    return index >= 0 ? refusals.splice(index, 1)[0] : undefined;
  };
  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS (its self-signed certificate would fail the client's
    // check) and no login.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      const refusal = takeRefusal('rcpt');
      callback(refusal ? smtpError(refusal) : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const refusal = takeRefusal('data');
        if (refusal) {
          refusedData.push(raw);
          callback(smtpError(refusal));
          return;
        }
        simpleParser(raw)
          .then((parsed) => {
            const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            mails.push({
              envelope: { from, to: session.envelope.rcptTo.map((r) => r.address) },
              raw,
              parsed,
            });
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error('unparsable mail')));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refusedData,
    refuseNext(refusal, times = 1) {
      for (let i = 0; i < times; i += 1) refusals.push(refusal);
    },
    openConnections: () =>
      new Promise<number>((resolve, reject) =>
        server.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      ),
    async waitForMails(n, ms = 10_000) {
      const until = Date.now() + ms;
      while (mails.length < n) {
        if (Date.now() > until) throw new Error(`only ${mails.length} of ${n} mails arrived`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A TCP server that accepts connections and never answers (no SMTP greeting). */
export async function startSilentServer(): Promise<{ port: number; url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
