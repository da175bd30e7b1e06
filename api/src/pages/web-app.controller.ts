import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config.ts';
import { notFound } from '../common/api-error.ts';
import { csrfTokenFor } from '../common/csrf.ts';
import { t } from '../common/messages.ts';
import { escapeHtml, renderMessagePage } from './render-page.ts';

/**
 * Serves the single-page app for every other path (the app's router knows its routes and shows
 * '404 - Nicht gefunden' itself), with the session's CSRF token in `<meta name="csrf-token">`.
 * Until a built app exists it serves a placeholder page.
 */
@Controller()
export class WebAppController {
  private indexHtml: Promise<string | undefined>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.indexHtml = config.webDir
      ? readFile(path.join(config.webDir, 'index.html'), 'utf8').catch(() => undefined)
      : Promise.resolve(undefined);
  }

  @Get('{*path}')
  async app(@Req() request: Request, @Res() response: Response) {
    if (request.path.startsWith('/api/') || request.path === '/api') throw notFound();
    const token = csrfTokenFor(request);
    const index = await this.indexHtml;
    const html = index
      ? index.replace(
          '</head>',
          `  <meta name="csrf-token" content="${escapeHtml(token)}">\n</head>`,
        )
      : renderMessagePage(t('pages.placeholder.title'), t('pages.placeholder.text')).replace(
          '</head>',
          `  <meta name="csrf-token" content="${escapeHtml(token)}">\n</head>`,
        );
    response.type('html').set('Cache-Control', 'no-store').send(html);
  }
}
