import { Controller, Get, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { csrfTokenFor, formTokenMatches } from '../common/csrf.ts';
import { t } from '../common/messages.ts';
import { renderFormPage, renderMessagePage } from '../pages/render-page.ts';
import { sessionUser } from '../users/session-user.decorator.ts';
import { CONFIRM_PATH, EmailChangeService } from './email-change.service.ts';
import { endSession } from './session-scope.ts';

/**
 * The page behind the link mailed to a new address. Opening it (GET) only shows a button: mail
 * scanners and link previews fetch links, and must not confirm a change. The button posts the
 * form with its CSRF token, and only that changes the address.
 */
@Controller(CONFIRM_PATH.slice(1))
export class EmailChangeController {
  constructor(private readonly emailChange: EmailChangeService) {}

  private confirmPage(request: Request, token: string, email: string, error?: string) {
    return renderFormPage({
      title: t('pages.emailChange.title'),
      intro: t('pages.emailChange.intro', { email }),
      action: `${CONFIRM_PATH}/${encodeURIComponent(token)}`,
      csrfToken: csrfTokenFor(request),
      error,
      fields: [],
      submit: t('pages.emailChange.submit'),
    });
  }

  private invalid(response: Response) {
    response
      .status(HttpStatus.BAD_REQUEST)
      .type('html')
      .send(
        renderMessagePage(t('pages.emailChange.invalidTitle'), t('pages.emailChange.invalid'), {
          kind: 'error',
          links: [['/login', t('pages.toLogin')]],
        }),
      );
  }

  @Get(':token')
  async show(@Req() request: Request, @Res() response: Response, @Param('token') token: string) {
    const email = await this.emailChange.pendingAddress(token);
    if (!email) return this.invalid(response);
    response.type('html').send(this.confirmPage(request, token, email));
  }

  @Post(':token')
  @HttpCode(200)
  async confirm(@Req() request: Request, @Res() response: Response, @Param('token') token: string) {
    if (!formTokenMatches(request)) {
      const email = await this.emailChange.pendingAddress(token);
      if (!email) return this.invalid(response);
      return response
        .status(HttpStatus.FORBIDDEN)
        .type('html')
        .send(this.confirmPage(request, token, email, t('pages.login.expired')));
    }
    const outcome = await this.emailChange.confirm(token);
    if (outcome.kind === 'invalid') return this.invalid(response);
    if (outcome.kind === 'taken') {
      return response
        .status(HttpStatus.CONFLICT)
        .type('html')
        .send(
          renderMessagePage(t('pages.emailChange.takenTitle'), t('pages.emailChange.taken'), {
            kind: 'error',
            links: [['/login', t('pages.toLogin')]],
          }),
        );
    }
    const page = renderMessagePage(t('pages.emailChange.doneTitle'), t('pages.emailChange.done'), {
      links: [['/login', t('pages.toLogin')]],
    });
    // Every session of the account ended in the database; this browser's, if it was one of them,
    // also lets go of its cookie, like a logout.
    if (sessionUser(request)?.id === outcome.userId) await endSession(request, response);
    response.type('html').send(page);
  }
}
