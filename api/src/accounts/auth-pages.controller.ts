import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Inject,
  Param,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { MikroORM } from '@mikro-orm/postgresql';
import { t } from '../common/messages.ts';
import { isUuid } from '../common/secrets.ts';
import { APP_CONFIG, type AppConfig } from '../config/app-config.ts';
import {
  escapeHtml,
  renderFormPage,
  renderMessagePage,
  type FormField,
} from '../pages/render-page.ts';
import { contactForUnreleasedResults } from '../users/agency-contact.ts';
import { pagesCss } from '../pages/pages-css.ts';
import { AccountsService } from './accounts.service.ts';
import { csrfTokenFor, formTokenMatches } from '../common/csrf.ts';
import { LoginGuard } from './login.guard.ts';
import { rememberDevice } from './device-cookie.ts';
import { RateLimitService, type MailKeys } from './rate-limit.service.ts';
import { endSession } from './session-scope.ts';
import { loginUrlReturningTo, RETURN_PARAMETER, returnPath } from './return-path.ts';

type Form = Record<string, unknown>;

/** `?grund=` of a share-link visitor sent to /login from results that are not released. */
const RESULTS_NOT_SHARED = 'ergebnisse-nicht-freigegeben';

const text = (form: Form, name: string) =>
  typeof form[name] === 'string' ? (form[name] as string) : '';

/** The pages that ask only for an address and may mail it, by their text block in the locale. */
type EmailPage = 'forgot' | 'resend';
const EMAIL_PAGE_PATHS: Record<EmailPage, string> = {
  forgot: '/passwort-vergessen',
  resend: '/aktivierung-erneut-senden',
};

/** The server-rendered account pages: login, registration, activation, password reset, logout. */
@Controller()
export class AuthPagesController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly rateLimit: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
  ) {}

  /** `REGISTRATION=closed`: nobody creates an account here (the operator creates them). */
  private get registrationClosed(): boolean {
    return this.config.registration === 'closed';
  }

  /** The notice /register shows instead of its form while registration is closed. */
  private registrationClosedPage(): string {
    return renderMessagePage(t('pages.register.closedTitle'), t('pages.register.closed'), {
      links: [['/login', t('pages.toLogin')]],
    });
  }

  /** Requests that send a mail are limited per e-mail address and per client address. */
  private mailKeys(request: Request, form: Form): MailKeys {
    return { email: text(form, 'email').trim().slice(0, 254), ip: request.ip ?? 'unbekannt' };
  }

  /**
   * Counts a request that may send a mail before it does anything; the limit's message when it
   * is one too many, else undefined.
   */
  private async mailBlocked(keys: MailKeys): Promise<string | undefined> {
    return (await this.rateLimit.takeMail(keys))?.message;
  }

  @Get('assets/pages.css')
  css(@Res() response: Response) {
    response.type('css').set('Cache-Control', 'public, max-age=3600').send(pagesCss);
  }

  /** The page the login was asked to return to (`?weiter=`), when it is one of this server. */
  private returnOf(request: Request): string | undefined {
    return returnPath(request.query[RETURN_PARAMETER]);
  }

  /**
   * `/login?grund=ergebnisse-nicht-freigegeben&projekt={id}`: a share-link visitor whom the app
   * sent here from results that are not released (docs/product.md#routen-und-screens) reads that
   * and whom to ask. The contact person is named only for a project whose results are indeed not
   * released; it is what the project's footer shows every holder of its link, and the id alone
   * (122 random bits) opens nothing else.
   */
  private async resultsNotice(request: Request): Promise<string | undefined> {
    if (request.query.grund !== RESULTS_NOT_SHARED) return undefined;
    const id = typeof request.query.projekt === 'string' ? request.query.projekt : '';
    const contact = isUuid(id)
      ? await contactForUnreleasedResults(this.orm.em.fork(), id)
      : undefined;
    let ask = escapeHtml(t('pages.login.askAgency'));
    if (contact) {
      const name = escapeHtml(contact.name);
      const link = contact.email
        ? `<a href="mailto:${escapeHtml(encodeURI(contact.email))}">${name}</a>`
        : name;
      ask = escapeHtml(t('pages.login.askContact', { name: '\u0000' })).replace('\u0000', link);
    }
    return `${escapeHtml(t('pages.login.resultsNotShared'))} ${ask}`;
  }

  private loginPage(request: Request, email = '', error?: string, noticeHtml?: string) {
    return renderFormPage({
      title: t('pages.login.title'),
      noticeHtml,
      intro: t('pages.login.intro'),
      // The return travels with the form: after the login the person is back where they were.
      action: loginUrlReturningTo(this.returnOf(request)),
      csrfToken: csrfTokenFor(request),
      error,
      fields: [
        {
          name: 'email',
          label: t('pages.login.email'),
          type: 'email',
          value: email,
          autocomplete: 'username',
        },
        {
          name: 'password',
          label: t('pages.login.password'),
          type: 'password',
          autocomplete: 'current-password',
        },
      ],
      submit: t('pages.login.submit'),
      links: [
        ['/passwort-vergessen', t('pages.login.forgot')],
        ...(this.registrationClosed
          ? []
          : [['/register', t('pages.login.register')] as [string, string]]),
        ['/aktivierung-erneut-senden', t('pages.login.resend')],
      ],
    });
  }

  @Get('login')
  async login(@Req() request: Request, @Res() response: Response) {
    if (request.user) return response.redirect(this.returnOf(request) ?? '/dashboard');
    const notice = await this.resultsNotice(request);
    response.type('html').send(this.loginPage(request, '', undefined, notice));
  }

  @Post('login')
  @HttpCode(200)
  @UseGuards(LoginGuard)
  loginSubmit(@Req() request: Request, @Res() response: Response, @Body() form: Form) {
    const outcome = request.loginOutcome ?? { kind: 'failed' };
    const email = text(form, 'email');
    switch (outcome.kind) {
      case 'ok':
        return response.redirect(303, this.returnOf(request) ?? '/dashboard');
      case 'blocked':
        return response
          .status(HttpStatus.TOO_MANY_REQUESTS)
          .type('html')
          .send(this.loginPage(request, email, outcome.message));
      case 'expired':
        return response
          .status(HttpStatus.FORBIDDEN)
          .type('html')
          .send(this.loginPage(request, email, t('pages.login.expired')));
      default:
        return response
          .status(HttpStatus.UNAUTHORIZED)
          .type('html')
          .send(this.loginPage(request, email, t('pages.login.failed')));
    }
  }

  private registerPage(
    request: Request,
    form: Form = {},
    errors: Record<string, string[]> = {},
    error?: string,
  ) {
    const field = (
      name: string,
      type: FormField['type'],
      label: string,
      autocomplete: string,
    ): FormField => ({
      name,
      type,
      label,
      autocomplete,
      value: text(form, name),
      errors: errors[name],
    });
    return renderFormPage({
      title: t('pages.register.title'),
      intro: t('pages.register.intro'),
      action: '/register',
      csrfToken: csrfTokenFor(request),
      error,
      fields: [
        field('company', 'text', t('pages.register.company'), 'organization'),
        field('email', 'email', t('pages.register.email'), 'email'),
        field('password', 'password', t('pages.register.password'), 'new-password'),
        field('confirm_password', 'password', t('pages.register.confirm'), 'new-password'),
      ],
      submit: t('pages.register.submit'),
      links: [['/login', t('pages.register.login')]],
    });
  }

  /** Form posts must carry the token of the page they came from. */
  private expired(request: Request): boolean {
    return !formTokenMatches(request);
  }

  @Get('register')
  register(@Req() request: Request, @Res() response: Response) {
    if (this.registrationClosed) return response.type('html').send(this.registrationClosedPage());
    response.type('html').send(this.registerPage(request));
  }

  @Post('register')
  @HttpCode(200)
  async registerSubmit(@Req() request: Request, @Res() response: Response, @Body() form: Form) {
    if (this.registrationClosed) {
      return response.status(HttpStatus.FORBIDDEN).type('html').send(this.registrationClosedPage());
    }
    if (this.expired(request)) {
      return response
        .status(HttpStatus.FORBIDDEN)
        .type('html')
        .send(this.registerPage(request, form, { company: [t('pages.login.expired')] }));
    }
    const keys = this.mailKeys(request, form);
    const blocked = await this.mailBlocked(keys);
    if (blocked) {
      return response
        .status(HttpStatus.TOO_MANY_REQUESTS)
        .type('html')
        .send(this.registerPage(request, form, {}, blocked));
    }
    const result = await this.accounts.register(form);
    if (!result.ok) {
      // An invalid form sent no mail: it does not count against the mail limit.
      await this.rateLimit.refundMail(keys);
      return response
        .status(HttpStatus.UNPROCESSABLE_ENTITY)
        .type('html')
        .send(this.registerPage(request, form, result.errors));
    }
    response.type('html').send(
      renderMessagePage(
        t('pages.register.done'),
        t('pages.register.doneText', { email: text(form, 'email').trim() }),
        {
          links: [
            ['/login', t('pages.toLogin')],
            ['/aktivierung-erneut-senden', t('pages.register.resend')],
          ],
        },
      ),
    );
  }

  @Get('verify/:token')
  async verify(@Param('token') token: string, @Res() response: Response) {
    const outcome = await this.accounts.verify(token);
    if (outcome !== 'invalid') {
      const [title, text] =
        outcome === 'verified'
          ? [t('pages.verify.title'), t('pages.verify.done')]
          : [t('pages.verify.alreadyTitle'), t('pages.verify.already')];
      return response
        .type('html')
        .send(renderMessagePage(title, text, { links: [['/login', t('pages.toLogin')]] }));
    }
    response
      .status(HttpStatus.BAD_REQUEST)
      .type('html')
      .send(
        renderMessagePage(t('pages.verify.invalidTitle'), t('pages.verify.invalid'), {
          kind: 'error',
          links: [['/login', t('pages.toLogin')]],
        }),
      );
  }

  /**
   * The two pages that only ask for an address and may send a mail: „Passwort vergessen“
   * (`forgot`) and „Aktivierungslink erneut senden“ (`resend`). Same form, texts by kind.
   */
  private emailPage(kind: EmailPage, request: Request, email = '', error?: string) {
    return renderFormPage({
      title: t(`pages.${kind}.title`),
      intro: t(`pages.${kind}.intro`),
      action: EMAIL_PAGE_PATHS[kind],
      csrfToken: csrfTokenFor(request),
      error,
      fields: [
        {
          name: 'email',
          label: t(`pages.${kind}.email`),
          type: 'email',
          value: email,
          autocomplete: 'email',
        },
      ],
      submit: t(`pages.${kind}.submit`),
      links: [['/login', t('pages.toLogin')]],
    });
  }

  /**
   * Answers a submitted address page: an expired form or a blocked sender gets the form again
   * with the reason; otherwise `act` queues the mail, the attempt counts against the mail limit,
   * and the page says where the mail went (the same answer whether the address is known or not).
   */
  private async submitEmailPage(
    kind: EmailPage,
    request: Request,
    response: Response,
    form: Form,
    act: (form: Form) => Promise<string>,
  ) {
    if (this.expired(request)) {
      return response
        .status(HttpStatus.FORBIDDEN)
        .type('html')
        .send(this.emailPage(kind, request, text(form, 'email'), t('pages.login.expired')));
    }
    const keys = this.mailKeys(request, form);
    const blocked = await this.mailBlocked(keys);
    if (blocked) {
      return response
        .status(HttpStatus.TOO_MANY_REQUESTS)
        .type('html')
        .send(this.emailPage(kind, request, text(form, 'email'), blocked));
    }
    const email = await act(form);
    response.type('html').send(
      renderMessagePage(t(`pages.${kind}.title`), t(`pages.${kind}.done`, { email }), {
        links: [['/login', t('pages.toLogin')]],
      }),
    );
  }

  @Get('passwort-vergessen')
  forgot(@Req() request: Request, @Res() response: Response) {
    response.type('html').send(this.emailPage('forgot', request));
  }

  @Post('passwort-vergessen')
  @HttpCode(200)
  async forgotSubmit(@Req() request: Request, @Res() response: Response, @Body() form: Form) {
    await this.submitEmailPage('forgot', request, response, form, (body) =>
      this.accounts.requestReset(body),
    );
  }

  @Get('aktivierung-erneut-senden')
  resend(@Req() request: Request, @Res() response: Response) {
    response.type('html').send(this.emailPage('resend', request));
  }

  @Post('aktivierung-erneut-senden')
  @HttpCode(200)
  async resendSubmit(@Req() request: Request, @Res() response: Response, @Body() form: Form) {
    await this.submitEmailPage('resend', request, response, form, (body) =>
      this.accounts.resendActivation(body),
    );
  }

  private resetPage(request: Request, token: string, errors: Record<string, string[]> = {}) {
    return renderFormPage({
      title: t('pages.reset.title'),
      action: `/passwort-zuruecksetzen/${encodeURIComponent(token)}`,
      csrfToken: csrfTokenFor(request),
      fields: [
        {
          name: 'new_password',
          label: t('pages.reset.password'),
          type: 'password',
          autocomplete: 'new-password',
          errors: errors.new_password,
        },
        {
          name: 'confirm_password',
          label: t('pages.reset.confirm'),
          type: 'password',
          autocomplete: 'new-password',
          errors: errors.confirm_password,
        },
      ],
      submit: t('pages.reset.submit'),
    });
  }

  private resetInvalid(response: Response) {
    response
      .status(HttpStatus.BAD_REQUEST)
      .type('html')
      .send(
        renderMessagePage(t('pages.reset.title'), t('pages.reset.invalid'), {
          kind: 'error',
          links: [['/passwort-vergessen', t('pages.forgot.title')]],
        }),
      );
  }

  @Get('passwort-zuruecksetzen/:token')
  async reset(@Req() request: Request, @Res() response: Response, @Param('token') token: string) {
    if (!(await this.accounts.isResetTokenValid(token))) return this.resetInvalid(response);
    response.type('html').send(this.resetPage(request, token));
  }

  @Post('passwort-zuruecksetzen/:token')
  @HttpCode(200)
  async resetSubmit(
    @Req() request: Request,
    @Res() response: Response,
    @Param('token') token: string,
    @Body() form: Form,
  ) {
    if (this.expired(request)) {
      return response
        .status(HttpStatus.FORBIDDEN)
        .type('html')
        .send(this.resetPage(request, token, { new_password: [t('pages.login.expired')] }));
    }
    const result = await this.accounts.reset(token, form);
    if (result === 'invalid') return this.resetInvalid(response);
    if (!result.ok)
      return response
        .status(HttpStatus.UNPROCESSABLE_ENTITY)
        .type('html')
        .send(this.resetPage(request, token, result.errors));
    // The link came from the owner's mailbox: this browser is theirs, and its logins keep their
    // own attempts however many wrong passwords others try on the account.
    rememberDevice(request, response, result.email);
    response.type('html').send(
      renderMessagePage(t('pages.reset.title'), t('pages.reset.done'), {
        links: [['/login', t('pages.toLogin')]],
      }),
    );
  }

  @Get('logout')
  async logout(@Req() request: Request, @Res() response: Response) {
    await endSession(request, response);
    response.redirect('/login');
  }
}
