import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MailOutboxWorker } from './mail-outbox.worker.ts';
import { MailTransport } from './mail-transport.ts';
import { OutboxMailSchema } from './outbox-mail.entity.ts';

export interface OutgoingMail {
  to: string;
  /** Key under `mail.` in the locale file (`activation`, `reset`, `approved`, …). */
  template: string;
  values: Record<string, string>;
  /** The link the mail is about; logged when mails go to files, so a first user can click it. */
  link: string;
  /** A member writing to a customer: their name as the sender, replies to them, their signature. */
  sender?: { name: string; replyTo: string; signature: string };
  /** Where a one-click POST unsubscribes the recipient (RFC 8058), for mail programs' button. */
  listUnsubscribe?: string;
}

/**
 * Outgoing mail (docs/architecture.md#mail): `enqueue` writes it to the outbox in the caller's
 * transaction, so the mail exists exactly when what caused it was committed; the outbox worker
 * sends it in the background. A request never waits for SMTP.
 */
@Injectable()
export class MailService {
  constructor(private readonly worker: MailOutboxWorker) {}

  /** Writes a mail to the outbox with `em` (flushed with its transaction). */
  enqueue(em: EntityManager, mail: OutgoingMail): void {
    em.create(OutboxMailSchema, {
      recipient: mail.to,
      sender_name: mail.sender?.name ?? null,
      reply_to: mail.sender?.replyTo ?? null,
      list_unsubscribe: mail.listUnsubscribe ?? null,
      template: mail.template,
      link: mail.link,
      ...MailTransport.render(mail.template, mail.values, mail.link, mail.sender?.signature),
    });
  }

  /** Tells the worker that mails were committed, so they go out now rather than at its next look. */
  sendSoon(): void {
    this.worker.deliverSoon();
  }
}
