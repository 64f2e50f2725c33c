import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server (the `smtp-server` package speaks the real protocol) that keeps every
 * message it accepts. It can be stopped and started again on the same port, as a mail server
 * going down and coming back.
 */

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The From and Reply-To headers, decoded. */
  fromHeader: string;
  replyTo: string;
  raw: string;
}

export interface FakeSmtp {
  url: string;
  port: number;
  received: ReceivedMail[];
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  let server: SMTPServer | null = null;
  const fake: FakeSmtp = {
    url: '',
    port: 0,
    received: [],
    async start() {
      if (server) return;
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        // Going down means going down: open connections are dropped at once.
        closeTimeout: 50,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            fake.received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              ...decodeMessage(raw),
              raw,
            });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => server!.listen(fake.port, '127.0.0.1', resolve));
      fake.port = (server.server.address() as AddressInfo).port;
      fake.url = `smtp://127.0.0.1:${fake.port}`;
    },
    async stop() {
      const closing = server;
      server = null;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
  await fake.start();
  return fake;
}

/** Enough MIME for the shop's own letters: the subject and the base64 text and HTML parts. */
function decodeMessage(raw: string): { subject: string; text: string; html: string; fromHeader: string; replyTo: string } {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => decodeWords(new RegExp(`^${name}: (.*)$`, 'im').exec(unfolded)?.[1] ?? '');
  const subject = header('Subject');
  // A part's headers (in any order) up to the blank line, then its base64 body.
  const part = (type: string) => {
    const match = new RegExp(`Content-Type: ${type}(?:[^\\r\\n]|\\r?\\n(?!\\r?\\n))*\\r?\\n\\r?\\n([A-Za-z0-9+/=\\r\\n]+)`, 'i').exec(raw);
    return match ? Buffer.from(match[1].replace(/\s/g, ''), 'base64').toString('utf8') : '';
  };
  return { subject, text: part('text/plain'), html: part('text/html'), fromHeader: header('From'), replyTo: header('Reply-To') };
}

/** RFC 2047 encoded words (=?UTF-8?B?…?=, =?UTF-8?Q?…?=) decoded. */
function decodeWords(line: string): string {
  return line.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}
