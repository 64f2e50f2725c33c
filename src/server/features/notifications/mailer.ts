import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { timedUpstream } from '../../observability/upstream.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The shop's name from its settings: the From display name (the address stays MAIL_FROM's). */
  fromName?: string;
  /** The shop's e-mail from its settings: where a shopper's reply goes. */
  replyTo?: string;
}

/** The address part of MAIL_FROM ("Name <shop@example.com>" or a bare address). */
export function mailAddressOf(from: string): string {
  return /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim();
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Short enough that a hung SMTP server only delays the outbox. */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * E-mail through SMTP (SMTP_URL) with nodemailer; without it (development), each message is
 * written as an .eml file under DATA_DIR/mail, and its path logged, so it can be opened in any mail program.
 */
export function createMailer(
  config: { smtpUrl: string | undefined; from: string; mailDir: string },
  log: { info: (obj: object, msg: string) => void },
): Mailer {
  const transport: Transporter = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const mail = {
        // The shop's name as the owner set it, at the address the mail server is allowed to send from.
        from: message.fromName ? { name: message.fromName, address: mailAddressOf(config.from) } : config.from,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        to: message.to,
        subject: message.subject,
        // Plain base64 bodies: every mail program reads them, whatever the Ukrainian text holds.
        textEncoding: 'base64' as const,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      };
      // nodemailer keeps its own time limits (SMTP_TIMEOUT_MS); only real SMTP is a third party.
      const info = config.smtpUrl ? await timedUpstream('smtp', () => transport.sendMail(mail)) : await transport.sendMail(mail);
      if (config.smtpUrl) return;
      await mkdir(config.mailDir, { recursive: true });
      const file = path.join(config.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      log.info({ file, to: message.to, subject: message.subject }, 'e-mail written to a file (SMTP_URL is not set)');
    },
    close: () => transport.close(),
  };
}
