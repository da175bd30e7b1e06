import { Module } from '@nestjs/common';
import { MailOutboxWorker } from './mail-outbox.worker.ts';
import { MailService } from './mail.service.ts';
import { MailTransport } from './mail-transport.ts';

/** Outgoing mail (activation, password reset, approval) through the outbox and its worker. */
@Module({
  providers: [MailService, MailTransport, MailOutboxWorker],
  exports: [MailService],
})
export class MailModule {}
