// The HTML of the server-rendered account pages (login, registration, activation, password reset):
// functions of their inputs only, so that AuthPagesController decides status codes and the
// AuthPagesService the rules, and neither builds markup.
import { t } from '../common/messages.ts';
import {
  escapeHtml,
  renderFormPage,
  renderMessagePage,
  type FormField,
} from '../pages/render-page.ts';
import { loginUrlReturningTo } from './return-path.ts';

/** A submitted form as the body parser hands it over. */
export type Form = Record<string, unknown>;

/** A field's value of a submitted form; anything but a string counts as empty. */
export const formText = (form: Form, name: string) =>
  typeof form[name] === 'string' ? (form[name] as string) : '';

/** The pages that ask only for an address and may mail it, by their text block in the locale. */
export type EmailPage = 'forgot' | 'resend';
const EMAIL_PAGE_PATHS: Record<EmailPage, string> = {
  forgot: '/passwort-vergessen',
  resend: '/aktivierung-erneut-senden',
};

/** The notice /register shows instead of its form while registration is closed. */
export function registrationClosedPage(): string {
  return renderMessagePage(t('pages.register.closedTitle'), t('pages.register.closed'), {
    links: [['/login', t('pages.toLogin')]],
  });
}

/**
 * The notice above the login form for a share-link visitor sent from results that are not
 * released: that, and whom to ask – the contact person with a mailto link when there is one.
 */
export function resultsNotSharedNotice(
  contact: { name: string; email?: string | null } | undefined,
): string {
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

export interface LoginPageOptions {
  csrfToken: string;
  /** The page to return to after the login (`?weiter=`), when there is one. */
  returnTo: string | undefined;
  registrationClosed: boolean;
  email?: string;
  error?: string;
  noticeHtml?: string;
}

export function loginPage(options: LoginPageOptions): string {
  return renderFormPage({
    title: t('pages.login.title'),
    noticeHtml: options.noticeHtml,
    intro: t('pages.login.intro'),
    // The return travels with the form: after the login the person is back where they were.
    action: loginUrlReturningTo(options.returnTo),
    csrfToken: options.csrfToken,
    error: options.error,
    fields: [
      {
        name: 'email',
        label: t('pages.login.email'),
        type: 'email',
        value: options.email ?? '',
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
      ...(options.registrationClosed
        ? []
        : [['/register', t('pages.login.register')] as [string, string]]),
      ['/aktivierung-erneut-senden', t('pages.login.resend')],
    ],
  });
}

export function registerPage(
  csrfToken: string,
  form: Form = {},
  errors: Record<string, string[]> = {},
  error?: string,
): string {
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
    value: formText(form, name),
    errors: errors[name],
  });
  return renderFormPage({
    title: t('pages.register.title'),
    intro: t('pages.register.intro'),
    action: '/register',
    csrfToken,
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

/** „Registrierung abgeschlossen“: where the activation link went. */
export function registeredPage(email: string): string {
  return renderMessagePage(t('pages.register.done'), t('pages.register.doneText', { email }), {
    links: [
      ['/login', t('pages.toLogin')],
      ['/aktivierung-erneut-senden', t('pages.register.resend')],
    ],
  });
}

/** The answer to an activation link: activated, already active, or invalid. */
export function verifyPage(outcome: 'verified' | 'alreadyVerified' | 'invalid'): string {
  if (outcome === 'invalid') {
    return renderMessagePage(t('pages.verify.invalidTitle'), t('pages.verify.invalid'), {
      kind: 'error',
      links: [['/login', t('pages.toLogin')]],
    });
  }
  const [title, text] =
    outcome === 'verified'
      ? [t('pages.verify.title'), t('pages.verify.done')]
      : [t('pages.verify.alreadyTitle'), t('pages.verify.already')];
  return renderMessagePage(title, text, { links: [['/login', t('pages.toLogin')]] });
}

/**
 * The two pages that only ask for an address and may send a mail: „Passwort vergessen“
 * (`forgot`) and „Aktivierungslink erneut senden“ (`resend`). Same form, texts by kind.
 */
export function emailPage(kind: EmailPage, csrfToken: string, email = '', error?: string): string {
  return renderFormPage({
    title: t(`pages.${kind}.title`),
    intro: t(`pages.${kind}.intro`),
    action: EMAIL_PAGE_PATHS[kind],
    csrfToken,
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

/** Where the mail of an address page went (the same answer whether the address is known or not). */
export function emailSentPage(kind: EmailPage, email: string): string {
  return renderMessagePage(t(`pages.${kind}.title`), t(`pages.${kind}.done`, { email }), {
    links: [['/login', t('pages.toLogin')]],
  });
}

export function resetPage(
  csrfToken: string,
  token: string,
  errors: Record<string, string[]> = {},
): string {
  return renderFormPage({
    title: t('pages.reset.title'),
    action: `/passwort-zuruecksetzen/${encodeURIComponent(token)}`,
    csrfToken,
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

export function resetInvalidPage(): string {
  return renderMessagePage(t('pages.reset.title'), t('pages.reset.invalid'), {
    kind: 'error',
    links: [['/passwort-vergessen', t('pages.forgot.title')]],
  });
}

export function resetDonePage(): string {
  return renderMessagePage(t('pages.reset.title'), t('pages.reset.done'), {
    links: [['/login', t('pages.toLogin')]],
  });
}
