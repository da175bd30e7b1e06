import { HttpStatus } from '@nestjs/common';
import express, { type Request, type Response } from 'express';
import { ApiError } from '../common/api-error.ts';
import { t } from '../common/messages.ts';
import { LOGO_MAX_BYTES } from './logo-type.ts';

/** The one route whose body is an image, not JSON. */
export const LOGO_UPLOAD_PATH = '/api/agency/logo';

/**
 * Whether a request is a logo upload: the app's JSON parser leaves its body alone
 * (create-app.ts), so `readLogoBody` can read it as bytes with the logo's own limit.
 */
export const isLogoUpload = (request: Request): boolean =>
  request.method === 'PUT' &&
  `${request.baseUrl}${request.path}`.replace(/\/+$/, '') === LOGO_UPLOAD_PATH;

/**
 * body-parser's raw reader with the logo's limit: a larger Content-Length is refused before a byte
 * is read, a body that grows past the limit while it arrives as soon as it does (the rest is read
 * off and thrown away, never kept). Compressed bodies are refused: their limit would only apply
 * after inflating.
 */
const rawParser = express.raw({ limit: LOGO_MAX_BYTES, type: () => true, inflate: false });

/** The upload's bytes, at most `LOGO_MAX_BYTES`; a larger one is a German 413. */
export function readLogoBody(request: Request, response: Response): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    rawParser(request, response, (error?: unknown) => {
      if (!error) {
        resolve(Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
        return;
      }
      if ((error as { type?: string }).type === 'entity.too.large') {
        const message = t('agency.logo.tooLarge');
        reject(
          new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, { message, errors: { logo: [message] } }),
        );
        return;
      }
      // A compressed or unreadable body: the request is wrong, not the server.
      const status = (error as { status?: number }).status;
      reject(
        status && status >= 400 && status < 500
          ? new ApiError(HttpStatus.BAD_REQUEST, { message: t('errors.badRequest') })
          : error,
      );
    });
  });
}
