import { Controller, Get, HttpCode, HttpStatus, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { t } from '../common/messages.ts';
import { escapeHtml, renderMessagePage, renderPage } from '../pages/render-page.ts';
import type { UnsubscribingContact } from './reminders.repository.ts';
import { RemindersService } from './reminders.service.ts';

/**
 * The page of a reminder's „Keine Erinnerungen mehr“ link (`/erinnerungen/abbestellen/{token}`,
 * server-rendered, `no-store`). Opening it changes nothing – mail scanners open every link of a
 * mail – it asks for a click; the post (the page's button, or a mail program's one-click
 * unsubscribe after RFC 8058) switches reminders off. The signed token is the whole
 * authorization: no login, no session, and so no CSRF token either (a site that knew the token
 * could post it itself; without it, a post does nothing).
 */
@Controller('erinnerungen/abbestellen')
export class UnsubscribePageController {
  constructor(private readonly reminders: RemindersService) {}

  private invalid(response: Response) {
    response
      .status(HttpStatus.NOT_FOUND)
      .type('html')
      .send(
        renderMessagePage(t('pages.unsubscribe.invalidTitle'), t('pages.unsubscribe.invalid'), {
          kind: 'error',
        }),
      );
  }

  private done(response: Response, contact: UnsubscribingContact) {
    response.type('html').send(
      renderMessagePage(
        t('pages.unsubscribe.doneTitle'),
        t('pages.unsubscribe.done', {
          email: contact.email,
          agency: contact.agency_name,
          project: contact.project_name,
        }),
      ),
    );
  }

  @Get(':token')
  async show(@Res() response: Response, @Param('token') token: string) {
    const view = await this.reminders.unsubscribeView(token);
    if (view.kind === 'invalid') return this.invalid(response);
    if (view.contact.reminders_off) return this.done(response, view.contact);
    const title = t('pages.unsubscribe.title');
    const intro = t('pages.unsubscribe.intro', {
      email: view.contact.email,
      agency: view.contact.agency_name,
      project: view.contact.project_name,
    });
    response.type('html').send(
      renderPage(
        title,
        `      <h1>${escapeHtml(title)}</h1>
      <p class="intro">${escapeHtml(intro)}</p>
      <form method="post" action="/erinnerungen/abbestellen/${escapeHtml(encodeURIComponent(token))}">
        <button type="submit">${escapeHtml(t('pages.unsubscribe.submit'))}</button>
      </form>`,
      ),
    );
  }

  @Post(':token')
  @HttpCode(200)
  async unsubscribe(@Res() response: Response, @Param('token') token: string) {
    const view = await this.reminders.unsubscribe(token);
    if (view.kind === 'invalid') return this.invalid(response);
    this.done(response, view.contact);
  }
}
