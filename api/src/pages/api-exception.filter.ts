import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ApiErrorBody } from '../common/api-error.ts';
import { t } from '../common/messages.ts';
import { renderErrorPage } from './render-page.ts';

/** Errors body-parser raises for bodies it cannot read. */
interface BodyParserError {
  type?: string;
  status?: number;
}

function bodyFor(exception: unknown): { status: number; body: ApiErrorBody } {
  // Nest wraps body-parser's errors in an HttpException and keeps the original as its cause.
  const cause =
    exception instanceof HttpException
      ? (exception.cause as BodyParserError | undefined)
      : undefined;
  if (cause?.type) return bodyParserError(cause);
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (
      typeof response === 'object' &&
      response !== null &&
      'message' in response &&
      typeof response.message === 'string' &&
      !('statusCode' in response)
    ) {
      return { status, body: response as ApiErrorBody };
    }
    const fallback: Record<number, string> = {
      [HttpStatus.NOT_FOUND]: t('errors.notFound'),
      [HttpStatus.UNAUTHORIZED]: t('errors.unauthorized'),
      [HttpStatus.FORBIDDEN]: t('errors.forbidden'),
      [HttpStatus.BAD_REQUEST]: t('errors.badRequest'),
      [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: t('errors.badRequest'),
    };
    return { status, body: { message: fallback[status] ?? t('errors.internal') } };
  }
  return bodyParserError(exception as BodyParserError);
}

function bodyParserError(parserError: BodyParserError | undefined): {
  status: number;
  body: ApiErrorBody;
} {
  if (parserError?.type === 'entity.too.large') {
    return { status: HttpStatus.PAYLOAD_TOO_LARGE, body: { message: t('errors.tooLarge') } };
  }
  if (
    parserError?.type === 'entity.parse.failed' ||
    parserError?.type === 'encoding.unsupported' ||
    parserError?.type === 'charset.unsupported'
  ) {
    return { status: HttpStatus.BAD_REQUEST, body: { message: t('errors.malformedJson') } };
  }
  if (
    typeof parserError?.status === 'number' &&
    parserError.status >= 400 &&
    parserError.status < 500
  ) {
    return { status: parserError.status, body: { message: t('errors.malformedJson') } };
  }
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { message: t('errors.internal') } };
}

/**
 * Turns every error into the German shape of docs/architecture.md#api-konventionen: JSON for
 * `/api`, an HTML page elsewhere. An unexpected error goes with the response to the request log
 * (`response.err`, logged with its stack); bodies and tokens are never logged.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const request = context.getRequest<Request>();
    const response = context.getResponse<Response>();
    const { status, body } = bodyFor(exception);
    if (status >= 500) {
      (response as Response & { err?: unknown }).err =
        exception instanceof Error ? exception : new Error(String(exception));
    }
    if (response.headersSent) return;
    if (request.path.startsWith('/api/') || request.path === '/api') {
      response.status(status).json(body);
    } else {
      response.status(status).type('html').send(renderErrorPage(status, body.message));
    }
  }
}
