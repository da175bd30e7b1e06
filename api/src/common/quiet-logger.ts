import { ConsoleLogger } from '@nestjs/common';

/** Nest's start-up chatter (every module and route) would bury the lines a newcomer needs. */
const SILENCED_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
]);

/** The console logger without Nest's start-up chatter; warnings and errors always pass. */
export class QuietLogger extends ConsoleLogger {
  override log(message: unknown, context?: string): void {
    if (context && SILENCED_CONTEXTS.has(context)) return;
    super.log(message, context);
  }
}
