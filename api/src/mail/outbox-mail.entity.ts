import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A mail waiting to be sent (docs/architecture.md#mail): written in the transaction of what
 * causes it, sent by the outbox worker, deleted once sent. A mail that failed `attempts` times is
 * given up (`failed_at`) and kept for a while for inspection.
 */
export const OutboxMailSchema = defineEntity({
  name: 'OutboxMail',
  tableName: 'mail_outbox',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    recipient: p.string().length(254),
    /** The sender's name shown instead of the product's (a member writing to a customer). */
    sender_name: p.string().length(200).nullable(),
    /** Where replies go (the member's address), when not to the product's sender. */
    reply_to: p.string().length(254).nullable(),
    /**
     * The one-click unsubscribe address of a reminder (RFC 8058: the headers `List-Unsubscribe` and
     * `List-Unsubscribe-Post`), when the mail has one.
     */
    list_unsubscribe: p.text().nullable(),
    /** Key under `mail.` in the locale file, for the log and the `.eml` file name. */
    template: p.string().length(40),
    subject: p.text(),
    body: p.text(),
    /** The link the mail is about; logged when mails go to files. */
    link: p.text(),
    attempts: p.integer().default(0),
    /** When the worker may take it next: now for a new mail, later after a failure or while sending. */
    next_attempt_at: p.datetime().defaultRaw('current_timestamp').index(),
    last_error: p.text().nullable(),
    failed_at: p.datetime().nullable(),
    created_at: p.datetime().defaultRaw('current_timestamp'),
  },
});

export type OutboxMail = InferEntity<typeof OutboxMailSchema>;
