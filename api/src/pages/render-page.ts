import { t } from '../common/messages.ts';

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A whole server-rendered page in the product's layout. `body` must already be escaped HTML. */
export function renderPage(
  title: string,
  body: string,
  options: { csrfToken?: string } = {},
): string {
  const product = t('pages.product');
  const csrf = options.csrfToken
    ? `\n  <meta name="csrf-token" content="${escapeHtml(options.csrfToken)}">`
    : '';
  return `<!doctype html>
<html lang="de">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">${csrf}
  <title>${escapeHtml(title)} – ${escapeHtml(product)}</title>
  <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/assets/pages.css">
</head>
<body>
  <header><a class="brand" href="/"><span class="brand-mark" aria-hidden="true">F</span>${escapeHtml(product)}</a></header>
  <main>
    <div class="card">
${body}
    </div>
  </main>
  <footer><a href="/impressum">${escapeHtml(t('pages.footer.imprint'))}</a><a href="/datenschutz">${escapeHtml(t('pages.footer.privacy'))}</a></footer>
</body>
</html>
`;
}

/** A page that only says something: a heading, a notice and optional links. */
export function renderMessagePage(
  title: string,
  message: string,
  options: { kind?: 'ok' | 'error'; links?: [href: string, text: string][] } = {},
): string {
  const links = (options.links ?? [])
    .map(([href, text]) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`)
    .join('');
  return renderPage(
    title,
    `      <h1>${escapeHtml(title)}</h1>
      <p class="notice ${options.kind ?? 'ok'}" role="${options.kind === 'error' ? 'alert' : 'status'}">${escapeHtml(message)}</p>
      ${links ? `<div class="links">${links}</div>` : ''}`,
  );
}

/** The page shown for an error outside the API (the app's 404 page says the same). */
export function renderErrorPage(status: number, message: string): string {
  const title = status === 404 ? t('pages.error.notFound') : t('pages.error.title');
  return renderMessagePage(title, status === 404 ? t('pages.error.notFoundText') : message, {
    kind: 'error',
    links: [['/', t('pages.error.home')]],
  });
}

export interface FormField {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  value?: string;
  autocomplete?: string;
  errors?: string[];
  /** Shown, sent with the form, not to be changed (an invited address). */
  readonly?: boolean;
}

/** A form page: heading, intro, notices, fields with their German errors, submit, links. */
export function renderFormPage(options: {
  title: string;
  intro?: string;
  action: string;
  csrfToken: string;
  fields: FormField[];
  submit: string;
  error?: string;
  /** A notice above the form, already escaped HTML (it may hold a link). */
  noticeHtml?: string;
  links?: [href: string, text: string][];
}): string {
  const fields = options.fields
    .map((field) => {
      const id = `field-${field.name}`;
      const errors = field.errors ?? [];
      const errorId = `${id}-error`;
      return `        <label for="${id}">${escapeHtml(field.label)}</label>
        <input id="${id}" name="${escapeHtml(field.name)}" type="${field.type}" value="${field.type === 'password' ? '' : escapeHtml(field.value)}"${field.autocomplete ? ` autocomplete="${field.autocomplete}"` : ''}${field.readonly ? ' readonly' : ''} required${errors.length ? ` aria-invalid="true" aria-describedby="${errorId}"` : ''}>
${errors.length ? `        <p class="field-error" id="${errorId}">${errors.map(escapeHtml).join(' ')}</p>\n` : ''}`;
    })
    .join('');
  const links = (options.links ?? [])
    .map(([href, text]) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`)
    .join('');
  return renderPage(
    options.title,
    `      <h1>${escapeHtml(options.title)}</h1>
${options.noticeHtml ? `      <p class="notice ok" role="status">${options.noticeHtml}</p>\n` : ''}${options.intro ? `      <p class="intro">${escapeHtml(options.intro)}</p>\n` : ''}${options.error ? `      <p class="notice error" role="alert">${escapeHtml(options.error)}</p>\n` : ''}      <form method="post" action="${escapeHtml(options.action)}" novalidate>
        <input type="hidden" name="_csrf" value="${escapeHtml(options.csrfToken)}">
${fields}        <button type="submit">${escapeHtml(options.submit)}</button>
      </form>
${links ? `      <div class="links">${links}</div>\n` : ''}`,
    { csrfToken: options.csrfToken },
  );
}
