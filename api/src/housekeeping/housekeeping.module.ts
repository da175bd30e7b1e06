import { Module } from '@nestjs/common';
import { ClientLoopModule } from '../client-loop/client-loop.module.ts';
import { ClientLoopRoundService } from './client-loop-round.service.ts';
import { HousekeepingService } from './housekeeping.service.ts';

/**
 * Scheduled jobs: deletion of expired data (sessions, one-time tokens, attempts, given-up mails),
 * and the round of Rückfrage mails and reminders.
 */
@Module({ imports: [ClientLoopModule], providers: [HousekeepingService, ClientLoopRoundService] })
export class HousekeepingModule {}
