import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/app-config.ts';
import { t } from '../common/messages.ts';
import { mailFolder } from './mail-files.ts';

/** The address of a sender as `MAIL_FROM` gives it: `Name <address>` or the bare address. */
export function addressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/** A rendered mail, ready to go out. */
export interface RenderedMail {
  recipient: string;
  /** A person's name as the sender (the product's address stays the sender's address). */
  sender_name?: string | null;
  /** Where replies go. */
  reply_to?: string | null;
  /** A one-click unsubscribe address (RFC 8058). */
  list_unsubscribe?: string | null;
  template: string;
  subject: string;
  body: string;
  link: string;
}

/**
 * Hands a mail to nodemailer: over `SMTP_URL` when set, else as an `.eml` file in
 * `<data>/mail/` (docs/architecture.md#mail). The files hold addresses and links with tokens:
 * only the server's user may read them (0600 in a 0700 folder), housekeeping deletes them after
 * a week, and the log names the file, never the link – `npm run mails` shows the newest with
 * their links. Throws when the mail did not go out.
 */
@Injectable()
export class MailTransport {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;
  private readonly folder: string | undefined;
  private readonly from: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.from = config.mailFrom;
    if (config.smtpUrl) {
      // nodemailer waits up to 2 minutes for a connection and 10 for a silent server; a mail
      // that does not go out soon is better tried again later.
      this.transport = nodemailer.createTransport({
        url: config.smtpUrl,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      });
    } else {
      this.transport = nodemailer.createTransport({
        streamTransport: true,
        buffer: true,
        newline: 'unix',
      });
      this.folder = mailFolder(config.dataDir);
    }
  }

  async send(mail: RenderedMail): Promise<void> {
    const info = await this.transport.sendMail({
      // nodemailer quotes and encodes the name; the address stays the product's (SPF, DKIM).
      from: mail.sender_name
        ? { name: mail.sender_name, address: addressOf(this.from) }
        : this.from,
      ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
      ...(mail.list_unsubscribe
        ? {
            list: {
              unsubscribe: { url: mail.list_unsubscribe, comment: 'Keine Erinnerungen mehr' },
            },
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }
        : {}),
      to: mail.recipient,
      subject: mail.subject,
      text: mail.body,
    });
    if (!this.folder) return;
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    // A folder made by an earlier version (or by hand) may be readable by others.
    await chmod(this.folder, 0o700);
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.template}-${randomBytes(3).toString('hex')}.eml`;
    await writeFile(path.join(this.folder, name), (info as { message: Buffer }).message, {
      mode: 0o600,
    });
    // The file's name, not its subject: subjects can hold a customer's or a project's name.
    this.logger.log(t('mail.savedToFile', { file: name }));
  }

  /**
   * The subject and text of a template with its values and link filled in, signed by the product
   * or by `signature` (a member writing for the agency).
   */
  static render(
    template: string,
    values: Record<string, string>,
    link: string,
    signature: string = t('mail.signature'),
  ) {
    const filled = { ...values, link };
    return {
      subject: t(`mail.${template}.subject`, filled),
      body: `${t(`mail.${template}.text`, filled)}\n\n${signature}\n`,
    };
  }
}
