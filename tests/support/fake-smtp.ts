/**
 * An SMTP server on 127.0.0.1 for tests (the `smtp-server` package): it
 * speaks real SMTP to nodemailer, checks the login, keeps every message it
 * accepts, and can refuse the next ones with a temporary failure (451), as a
 * busy mail server does.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's sender and recipients. */
  from: string;
  to: string[];
  /** The message as a mail client reads it. */
  headerFrom: string;
  subject: string;
  text: string;
  html: string;
}

export interface FakeSmtp {
  port: number;
  received: ReceivedMail[];
  /** Refuse the next `count` messages with 451. */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

export async function startFakeSmtp(credentials: { user: string; pass: string }): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass) return callback(null, { user: auth.username });
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals--;
          const error = new Error('Try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        simpleParser(Buffer.concat(chunks)).then((parsed) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((to) => to.address),
            headerFrom: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    refuseNext: (count) => void (refusals = count),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
