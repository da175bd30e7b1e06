import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP test server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A local SMTP server for the mail tests (smtp-server, no TLS, no login). `refuse()` decides per
 * mail whether to answer „451 try again later“; `stallMs()` delays the greeting of a connection,
 * like a slow or hanging mail server.
 */
export async function startSmtpServer(
  options: { refuse?: () => boolean; stallMs?: () => number } = {},
) {
  const received: ReceivedMail[] = [];
  let refused = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      setTimeout(() => callback(), options.stallMs?.() ?? 0);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.refuse?.()) {
          refused += 1;
          return callback(
            Object.assign(new Error('Dienst vorübergehend nicht verfügbar'), { responseCode: 451 }),
          );
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
