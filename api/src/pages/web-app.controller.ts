import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config.ts';
import { notFound } from '../common/api-error.ts';
import { sessionCsrfToken } from '../common/csrf.ts';
import { t } from '../common/messages.ts';
import { isAppRoute } from './app-routes.ts';
import { escapeHtml, renderMessagePage } from './render-page.ts';

/**
 * Serves the single-page app for the paths of its routes (`app-routes.ts`, also below a share
 * link) – with the session's CSRF token in `<meta name="csrf-token">` when someone is logged in;
 * a visitor without login gets no token and no cookie. Every other path that no controller and
 * no file of the built app answers is a 404: German JSON under `/api`, the error page elsewhere
 * (a missing `.map`, `/favicon.ico`, an old asset). Until a built app exists it serves a
 * placeholder page.
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
    if (!isAppRoute(request.path)) throw notFound();
    const token = sessionCsrfToken(request);
    const meta = token ? `  <meta name="csrf-token" content="${escapeHtml(token)}">\n` : '';
    const page =
      (await this.indexHtml) ??
      renderMessagePage(t('pages.placeholder.title'), t('pages.placeholder.text'));
    const html = page.replace('</head>', `${meta}</head>`);
    response.type('html').set('Cache-Control', 'no-store').send(html);
  }
}
