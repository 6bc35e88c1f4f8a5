import nodemailer from 'nodemailer';

/** One e-mail: plain text (the notification's words), to one address. */
export type Mail = { to: string; subject: string; text: string };

/** Sends e-mail. Throws when the SMTP server refuses or cannot be reached (the caller retries later). */
export type Mailer = { send(mail: Mail): Promise<void>; close(): void };

/**
 * E-mail over SMTP through nodemailer (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com:465, and `MAIL_FROM`).
 * Demo mode and tests point it at the in-process catcher (fakes/mail-catcher.ts).
 */
export function createMailer(opts: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transport.close(),
  };
}
