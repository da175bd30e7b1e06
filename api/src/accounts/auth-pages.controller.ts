import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { t } from '../common/messages.ts';
import { pagesCss } from '../pages/pages-css.ts';
import { AccountsService } from './accounts.service.ts';
import { csrfTokenFor, formTokenMatches } from '../common/csrf.ts';
import { LoginGuard } from './login.guard.ts';
import { rememberDevice } from './device-cookie.ts';
import { endSession } from './session-scope.ts';
import { RETURN_PARAMETER, returnPath } from './return-path.ts';
import {
  emailPage,
  emailSentPage,
  formText,
  loginPage,
  registeredPage,
  registerPage,
  registrationClosedPage,
  resetDonePage,
  resetInvalidPage,
  resetPage,
  resultsNotSharedNotice,
  verifyPage,
  type EmailPage,
  type Form,
} from './auth-pages.ts';
import { AuthPagesService } from './auth-pages.service.ts';

/** `?grund=` of a share-link visitor sent to /login from results that are not released. */
const RESULTS_NOT_SHARED = 'ergebnisse-nicht-freigegeben';

/**
 * The server-rendered account pages: login, registration, activation, password reset, logout.
 * Each route checks the form token of a post, calls one method of AuthPagesService or
 * AccountsService and sends the page of `auth-pages.ts` for the outcome with its status.
 */
@Controller()
export class AuthPagesController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly pages: AuthPagesService,
  ) {}

  @Get('assets/pages.css')
  css(@Res() response: Response) {
    response.type('css').set('Cache-Control', 'public, max-age=3600').send(pagesCss);
  }

  /** The page the login was asked to return to (`?weiter=`), when it is one of this server. */
  private returnOf(request: Request): string | undefined {
    return returnPath(request.query[RETURN_PARAMETER]);
  }

  /** Form posts must carry the token of the page they came from. */
  private expired(request: Request): boolean {
    return !formTokenMatches(request);
  }

  private loginPage(request: Request, email = '', error?: string, noticeHtml?: string) {
    return loginPage({
      csrfToken: csrfTokenFor(request),
      returnTo: this.returnOf(request),
      registrationClosed: this.pages.registrationClosed,
      email,
      error,
      noticeHtml,
    });
  }

  /**
   * `/login?grund=ergebnisse-nicht-freigegeben&projekt={id}`: a share-link visitor whom the app
   * sent here from results that are not released (docs/product.md#routen-und-screens) reads that
   * and whom to ask.
   */
  @Get('login')
  async login(@Req() request: Request, @Res() response: Response) {
    if (request.user) return response.redirect(this.returnOf(request) ?? '/dashboard');
    const notice =
      request.query.grund === RESULTS_NOT_SHARED
        ? resultsNotSharedNotice(await this.pages.unreleasedResultsContact(request.query.projekt))
        : undefined;
    response.type('html').send(this.loginPage(request, '', undefined, notice));
  }

  @Post('login')
  @HttpCode(200)
  @UseGuards(LoginGuard)
  loginSubmit(@Req() request: Request, @Res() response: Response, @Body() form: Form) {
    const outcome = request.loginOutcome ?? { kind: 'failed' };
    const email = formText(form, 'email');
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

  @Get('register')
  register(@Req() request: Request, @Res() response: Response) {
    if (this.pages.registrationClosed) return response.type('html').send(registrationClosedPage());
    response.type('html').send(registerPage(csrfTokenFor(request)));
  }

  @Post('register')
  @HttpCode(200)
  async registerSubmit(@Req() request: Request, @Res() response: Response, @Body() form: Form) {
    if (this.pages.registrationClosed) {
      return response.status(HttpStatus.FORBIDDEN).type('html').send(registrationClosedPage());
    }
    if (this.expired(request)) {
      return response
        .status(HttpStatus.FORBIDDEN)
        .type('html')
        .send(registerPage(csrfTokenFor(request), form, { company: [t('pages.login.expired')] }));
    }
    const outcome = await this.pages.register(request.ip, form);
    switch (outcome.kind) {
      case 'blocked':
        return response
          .status(HttpStatus.TOO_MANY_REQUESTS)
          .type('html')
          .send(registerPage(csrfTokenFor(request), form, {}, outcome.message));
      case 'invalid':
        return response
          .status(HttpStatus.UNPROCESSABLE_ENTITY)
          .type('html')
          .send(registerPage(csrfTokenFor(request), form, outcome.errors));
      default:
        return response.type('html').send(registeredPage(outcome.email));
    }
  }

  @Get('verify/:token')
  async verify(@Param('token') token: string, @Res() response: Response) {
    const outcome = await this.accounts.verify(token);
    response
      .status(outcome === 'invalid' ? HttpStatus.BAD_REQUEST : HttpStatus.OK)
      .type('html')
      .send(verifyPage(outcome));
  }

  /**
   * Answers a submitted address page: an expired form or a blocked sender gets the form again
   * with the reason; otherwise the page says where the mail went.
   */
  private async submitEmailPage(kind: EmailPage, request: Request, response: Response, form: Form) {
    if (this.expired(request)) {
      return response
        .status(HttpStatus.FORBIDDEN)
        .type('html')
        .send(
          emailPage(kind, csrfTokenFor(request), formText(form, 'email'), t('pages.login.expired')),
        );
    }
    const outcome = await this.pages.sendMail(kind, request.ip, form);
    if (outcome.kind === 'blocked') {
      return response
        .status(HttpStatus.TOO_MANY_REQUESTS)
        .type('html')
        .send(emailPage(kind, csrfTokenFor(request), formText(form, 'email'), outcome.message));
    }
    response.type('html').send(emailSentPage(kind, outcome.email));
  }

  @Get('passwort-vergessen')
  forgot(@Req() request: Request, @Res() response: Response) {
    response.type('html').send(emailPage('forgot', csrfTokenFor(request)));
  }

  @Post('passwort-vergessen')
  @HttpCode(200)
  async forgotSubmit(@Req() request: Request, @Res() response: Response, @Body() form: Form) {
    await this.submitEmailPage('forgot', request, response, form);
  }

  @Get('aktivierung-erneut-senden')
  resend(@Req() request: Request, @Res() response: Response) {
    response.type('html').send(emailPage('resend', csrfTokenFor(request)));
  }

  @Post('aktivierung-erneut-senden')
  @HttpCode(200)
  async resendSubmit(@Req() request: Request, @Res() response: Response, @Body() form: Form) {
    await this.submitEmailPage('resend', request, response, form);
  }

  @Get('passwort-zuruecksetzen/:token')
  async reset(@Req() request: Request, @Res() response: Response, @Param('token') token: string) {
    if (!(await this.accounts.isResetTokenValid(token))) {
      return response.status(HttpStatus.BAD_REQUEST).type('html').send(resetInvalidPage());
    }
    response.type('html').send(resetPage(csrfTokenFor(request), token));
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
        .send(
          resetPage(csrfTokenFor(request), token, { new_password: [t('pages.login.expired')] }),
        );
    }
    const result = await this.accounts.reset(token, form);
    if (result === 'invalid') {
      return response.status(HttpStatus.BAD_REQUEST).type('html').send(resetInvalidPage());
    }
    if (!result.ok)
      return response
        .status(HttpStatus.UNPROCESSABLE_ENTITY)
        .type('html')
        .send(resetPage(csrfTokenFor(request), token, result.errors));
    // The link came from the owner's mailbox: this browser is theirs, and its logins keep their
    // own attempts however many wrong passwords others try on the account.
    rememberDevice(request, response, result.email);
    response.type('html').send(resetDonePage());
  }

  @Get('logout')
  async logout(@Req() request: Request, @Res() response: Response) {
    await endSession(request, response);
    response.redirect('/login');
  }
}
