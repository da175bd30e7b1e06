import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/app-config.ts';
import { t } from '../common/messages.ts';

export interface OutgoingMail {
  to: string;
  /** Key under `mail.` in the locale file (`activation`, `reset`, `approved`, …). */
  template: string;
  values: Record<string, string>;
  /** The link the mail is about; logged when mails go to files, so a first user can click it. */
  link: string;
}

/**
 * Sends mails with nodemailer: over `SMTP_URL` when set, else as `.eml` files in
 * `<data>/mail/`, logging each link (docs/architecture.md#datenbank-mail-prozesse).
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;
  private readonly outbox: string | undefined;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    if (config.smtpUrl) {
      this.transport = nodemailer.createTransport(config.smtpUrl);
    } else {
      this.transport = nodemailer.createTransport({
        streamTransport: true,
        buffer: true,
        newline: 'unix',
      });
      this.outbox = path.join(config.dataDir, 'mail');
    }
  }

  async send(mail: OutgoingMail): Promise<void> {
    const values = { ...mail.values, link: mail.link };
    const info = await this.transport.sendMail({
      from: '"Fragewerk" <no-reply@fragewerk.local>',
      to: mail.to,
      subject: t(`mail.${mail.template}.subject`, values),
      text: `${t(`mail.${mail.template}.text`, values)}\n\n${t('mail.signature')}\n`,
    });
    if (!this.outbox) return;
    await mkdir(this.outbox, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.template}-${randomBytes(3).toString('hex')}.eml`;
    await writeFile(path.join(this.outbox, name), (info as { message: Buffer }).message);
    this.logger.log(`${t(`mail.${mail.template}.subject`, values)} → ${mail.to}: ${mail.link}`);
  }
}
