import { useEffect } from 'react';

/**
 * A text as a CSS string: backslashes and double quotes escaped, control characters (a pasted line
 * break) as spaces – a name cannot end the string or the declaration it stands in.
 */
export function cssString(text: string): string {
  const escaped = text
    // eslint-disable-next-line no-control-regex -- exactly the characters a CSS string must not hold raw
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/[\\"]/g, (character) => `\\${character}`);
  return `"${escaped}"`;
}

/** The placeholders of a page-number text and the page counters they stand for. */
const COUNTERS: Record<string, string> = {
  '{{page}}': 'counter(page)',
  '{{pages}}': 'counter(pages)',
};

/**
 * A text with `{{page}}` and `{{pages}}` („Seite {{page}} von {{pages}}“) as a CSS `content`
 * value: its words as strings, the placeholders as the page counters.
 */
export function pageNumberContent(template: string): string {
  return template
    .split(/(\{\{pages?\}\})/)
    .filter(Boolean)
    .map((part) => COUNTERS[part] ?? cssString(part))
    .join(' ');
}

/** What the results print with: the document's title and the texts of the page margins. */
export interface ResultsPrint {
  /** The document's title while printing – Chromium's suggested PDF file name. */
  title: string;
  /** Top left on every page. */
  header: string;
  /** Bottom left on every page. */
  footer: string;
  /** Bottom right on every page, with `{{page}}` and `{{pages}}`. */
  pageNumber: string;
  /** The colour of the cover's accents (a `#rrggbb` the server checked), else black. */
  accent?: string | null;
}

/**
 * While the results page is open, the margins of its paper carry `header`, `footer` and
 * `pageNumber` (custom properties on the root, which the page reads: results-view.css); while the
 * page prints – the browser's print (beforeprint/afterprint) or print media emulated, as by a PDF
 * renderer – the document's title is `title`, and the tab's own title comes back afterwards.
 */
export function useResultsPrint({ title, header, footer, pageNumber, accent }: ResultsPrint) {
  useEffect(() => {
    const { style } = document.documentElement;
    const properties: Record<string, string> = {
      '--fw-print-header': cssString(header),
      '--fw-print-footer': cssString(footer),
      '--fw-print-page-number': pageNumberContent(pageNumber),
      ...(accent ? { '--fw-print-accent': accent } : {}),
    };
    for (const [name, value] of Object.entries(properties)) style.setProperty(name, value);
    return () => Object.keys(properties).forEach((name) => style.removeProperty(name));
  }, [header, footer, pageNumber, accent]);

  useEffect(() => {
    let screenTitle: string | undefined;
    const start = () => {
      if (screenTitle !== undefined) return;
      screenTitle = document.title;
      document.title = title;
    };
    const end = () => {
      if (screenTitle === undefined) return;
      document.title = screenTitle;
      screenTitle = undefined;
    };
    const media = typeof window.matchMedia === 'function' ? window.matchMedia('print') : undefined;
    const change = (event: MediaQueryListEvent) => (event.matches ? start() : end());
    window.addEventListener('beforeprint', start);
    window.addEventListener('afterprint', end);
    media?.addEventListener('change', change);
    if (media?.matches) start();
    return () => {
      window.removeEventListener('beforeprint', start);
      window.removeEventListener('afterprint', end);
      media?.removeEventListener('change', change);
      end();
    };
  }, [title]);
}
