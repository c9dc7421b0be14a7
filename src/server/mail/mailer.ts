import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  /** Copies to others (comma-separated), e.g. the shop's owners on an overdue complaint. */
  cc?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe of a marketing e-mail). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends through the SMTP server of `smtpUrl`; with none, writes each message as an .eml file to
 * `outboxDir` and logs its path, so a local shop works end to end without a mail server.
 */
export function createMailer({ smtpUrl, outboxDir, from }: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  const outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await outbox.sendMail({ from, ...message });
      mkdirSync(outboxDir, { recursive: true });
      const file = resolve(
        join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`),
      );
      writeFileSync(file, info.message as Buffer);
      console.log(`Correo para ${message.to} guardado en ${file}`);
    },
  };
}
