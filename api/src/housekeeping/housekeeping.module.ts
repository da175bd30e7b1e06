import { Module } from '@nestjs/common';
import { HousekeepingService } from './housekeeping.service.ts';

/** Scheduled deletion of expired data (sessions, one-time tokens, attempts, given-up mails). */
@Module({ providers: [HousekeepingService] })
export class HousekeepingModule {}
