import { Module } from '@nestjs/common';
import { MailService } from './mail.service.ts';

/** Outgoing mail (activation, password reset, approval). */
@Module({
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
