import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';
import { currentLogger } from './http-logger.ts';

/** Nest's start-up chatter (every module and route): only at `debug`. */
const CHATTER = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
]);

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Nest's logger (`new Logger('Mail')` in a service) writing through pino: the context becomes a
 * field, an error its `err` with the stack, and inside a request the line carries the request.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly root: Logger) {}

  private write(level: Level, message: unknown, params: unknown[], withStack = false) {
    const rest = [...params];
    // Nest appends the context of a `new Logger(context)` as the last argument.
    const context =
      rest.length && typeof rest.at(-1) === 'string' ? (rest.pop() as string) : undefined;
    if (level === 'info' && context && CHATTER.has(context)) level = 'debug';
    const fields: Record<string, unknown> = context ? { context } : {};
    let text: string | undefined;
    if (message instanceof Error) {
      fields.err = message;
      text = message.message;
    } else if (typeof message === 'object' && message !== null) {
      // `logger.log({ deleted }, 'Text')`: fields, then the message.
      Object.assign(fields, message);
      if (typeof rest[0] === 'string') text = rest.shift() as string;
    } else {
      text = String(message);
    }
    // `logger.error(message, stack)`: a stack string as the first extra argument.
    const stack = rest[0];
    if (withStack && typeof stack === 'string' && stack.includes('\n')) {
      fields.err = { message: text, stack };
    }
    currentLogger(this.root)[level](fields, text);
  }

  log(message: unknown, ...params: unknown[]) {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]) {
    this.write('error', message, params, true);
  }
  warn(message: unknown, ...params: unknown[]) {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]) {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]) {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]) {
    this.write('fatal', message, params, true);
  }
}
