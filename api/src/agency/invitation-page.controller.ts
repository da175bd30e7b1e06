import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import type { FieldErrors } from '@fragewerk/engine/core';
import type { Request, Response } from 'express';
import { rememberDevice } from '../accounts/device-cookie.ts';
import { csrfTokenFor, formTokenMatches } from '../common/csrf.ts';
import { t } from '../common/messages.ts';
import { renderFormPage, renderMessagePage } from '../pages/render-page.ts';
import type { User } from '../users/user.entity.ts';
import type { OpenInvitation } from './invitations.repository.ts';
import { InvitationsService } from './invitations.service.ts';

type Form = Record<string, unknown>;

const text = (form: Form, name: string) =>
  typeof form[name] === 'string' ? (form[name] as string) : '';

/** Passport's `req.login` as a promise: a new session id, the account in it. */
const logIn = (request: Request, user: User) =>
  new Promise<void>((resolve, reject) =>
    request.logIn(user, (error: unknown) => (error ? reject(error as Error) : resolve())),
  );

/**
 * The page of an invitation link (`/einladung/{token}`, server-rendered like the reset page:
 * CSRF token in the form, `no-store`): the invited address, read only, and the person's name and
 * password. On success the person is logged in and lands on the dashboard.
 */
@Controller('einladung')
export class InvitationPageController {
  constructor(private readonly invitations: InvitationsService) {}

  private page(
    request: Request,
    token: string,
    invitation: OpenInvitation,
    form: Form = {},
    errors: FieldErrors = {},
  ) {
    return renderFormPage({
      title: t('pages.invitation.title'),
      intro: t('pages.invitation.intro', { agency: invitation.agency_name }),
      action: `/einladung/${encodeURIComponent(token)}`,
      csrfToken: csrfTokenFor(request),
      fields: [
        {
          name: 'email',
          label: t('pages.invitation.email'),
          type: 'email',
          value: invitation.email,
          autocomplete: 'username',
          readonly: true,
        },
        {
          name: 'contact_name',
          label: t('pages.invitation.name'),
          type: 'text',
          value: text(form, 'contact_name'),
          autocomplete: 'name',
          errors: errors.contact_name,
        },
        {
          name: 'password',
          label: t('pages.invitation.password'),
          type: 'password',
          autocomplete: 'new-password',
          errors: errors.password,
        },
        {
          name: 'confirm_password',
          label: t('pages.invitation.confirm'),
          type: 'password',
          autocomplete: 'new-password',
          errors: errors.confirm_password,
        },
      ],
      submit: t('pages.invitation.submit'),
    });
  }

  private invalid(response: Response) {
    response
      .status(HttpStatus.GONE)
      .type('html')
      .send(
        renderMessagePage(t('pages.invitation.invalidTitle'), t('pages.invitation.invalid'), {
          kind: 'error',
          links: [['/login', t('pages.toLogin')]],
        }),
      );
  }

  private hasAccount(response: Response, invitation: OpenInvitation) {
    response
      .status(HttpStatus.CONFLICT)
      .type('html')
      .send(
        renderMessagePage(
          t('pages.invitation.hasAccountTitle'),
          t('pages.invitation.hasAccount', {
            email: invitation.email,
            agency: invitation.agency_name,
          }),
          { kind: 'error', links: [['/login', t('pages.toLogin')]] },
        ),
      );
  }

  @Get(':token')
  async show(@Req() request: Request, @Res() response: Response, @Param('token') token: string) {
    const view = await this.invitations.view(token);
    if (view.kind === 'invalid') return this.invalid(response);
    if (view.kind === 'hasAccount') return this.hasAccount(response, view.invitation);
    response.type('html').send(this.page(request, token, view.invitation));
  }

  @Post(':token')
  @HttpCode(200)
  async submit(
    @Req() request: Request,
    @Res() response: Response,
    @Param('token') token: string,
    @Body() form: Form,
  ) {
    if (!formTokenMatches(request)) {
      const view = await this.invitations.view(token);
      if (view.kind === 'invalid') return this.invalid(response);
      if (view.kind === 'hasAccount') return this.hasAccount(response, view.invitation);
      return response
        .status(HttpStatus.FORBIDDEN)
        .type('html')
        .send(
          this.page(request, token, view.invitation, form, {
            contact_name: [t('pages.login.expired')],
          }),
        );
    }
    const result = await this.invitations.accept(token, form ?? {});
    switch (result.kind) {
      case 'invalid':
        return this.invalid(response);
      case 'hasAccount':
        return this.hasAccount(response, result.invitation);
      case 'errors':
        return response
          .status(HttpStatus.UNPROCESSABLE_ENTITY)
          .type('html')
          .send(this.page(request, token, result.invitation, form, result.errors));
      case 'accepted':
        await logIn(request, result.user);
        // The link came from the person's mailbox: this browser is theirs (as after a reset).
        rememberDevice(request, response, result.user.email);
        return response.redirect(303, '/dashboard');
    }
  }
}
