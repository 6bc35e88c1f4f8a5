import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the catcher received, as the mailbox page shows it. */
export type CaughtMail = {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  at: string;
};

export type MailCatcher = {
  /** smtp://127.0.0.1:<port>: what SMTP_URL is in demo mode and tests. */
  url: string;
  messages(filter?: { to?: string }): CaughtMail[];
  close(): Promise<void>;
};

/**
 * An in-process SMTP server that keeps what it is sent (the newest `keep`), for demo mode and tests: the
 * platform's e-mails can be read on the mailbox page (`/fake-mail/__control/mailbox`) instead of reaching anyone.
 */
export async function startMailCatcher(opts: { keep?: number } = {}): Promise<MailCatcher> {
  const keep = opts.keep ?? 500;
  const caught: CaughtMail[] = [];
  let nextId = 1;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          caught.push({
            id: nextId++,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            at: new Date().toISOString(),
          });
          if (caught.length > keep) caught.splice(0, caught.length - keep);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // A stand-in: it never keeps the process alive on its own.
  server.server.unref();
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages: (filter) =>
      caught.filter((m) => !filter?.to || m.to.includes(filter.to.toLowerCase()) || m.to.includes(filter.to)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
