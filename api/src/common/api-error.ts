import { HttpException, HttpStatus } from '@nestjs/common';
import type { FieldErrors } from '@fragewerk/engine/core';
import { t } from './messages.ts';

/** The error body of docs/architecture.md#api-konventionen: a German message, optional field errors, optional current data. */
export interface ApiErrorBody {
  message: string;
  errors?: FieldErrors;
  data?: unknown;
  /** 409 only: the fields both sides changed differently (docs/product.md#gleichzeitiges-bearbeiten). */
  conflicts?: string[];
  /**
   * Whom a share-link visitor can ask (a renewed link, an archived or approved project): the
   * agency's contact person of the project (docs/product.md#der-freigabelink).
   */
  contact?: { name: string; email: string | null };
}

/** An HTTP error whose body is already in the German error shape. */
export class ApiError extends HttpException {
  constructor(status: HttpStatus, body: ApiErrorBody) {
    super(body, status);
  }
}

export const unauthorized = (message = t('errors.unauthorized')) =>
  new ApiError(HttpStatus.UNAUTHORIZED, { message });
export const forbidden = (message = t('errors.forbidden'), contact?: ApiErrorBody['contact']) =>
  new ApiError(HttpStatus.FORBIDDEN, { message, ...(contact && { contact }) });
export const notFound = (message = t('errors.notFound')) =>
  new ApiError(HttpStatus.NOT_FOUND, { message });
export const gone = (message: string, contact: ApiErrorBody['contact']) =>
  new ApiError(HttpStatus.GONE, { message, contact });
/**
 * 409 with the current state and the fields both sides changed differently, so the client can let
 * the person decide field by field (project settings have no such list: they are saved whole).
 */
export const conflict = (current: unknown, conflicts?: string[]) =>
  new ApiError(HttpStatus.CONFLICT, {
    message: t('errors.conflict'),
    data: current,
    ...(conflicts && { conflicts }),
  });
export const invalid = (errors: FieldErrors) =>
  new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, { message: t('errors.validation'), errors });
