import { readFile } from 'node:fs/promises';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { LEGAL_PLACEHOLDERS } from './legal-placeholders.ts';

/** The legal pages, named as their files and routes are. */
export const LEGAL_KINDS = ['impressum', 'datenschutz'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

/** A legal text is prose, not a data dump: anything longer is not read (and not sent). */
export const LEGAL_MAX_BYTES = 256 * 1024;

export interface LegalText {
  /** The text as HTML, safe to put into the page. */
  html: string;
  /** True while the operator has not put their own file in place. */
  placeholder: boolean;
}

/**
 * Markdown as the operator writes it, rendered safely: no HTML of its own (`<script>` stays text),
 * no images (the page loads nothing from elsewhere), links only with harmless schemes
 * (markdown-it refuses `javascript:`, `vbscript:`, `file:` and `data:`), bare addresses linked.
 */
const markdown = new MarkdownIt({ html: false, linkify: true }).disable('image');

/**
 * The operator's `<kind>.md` from `legalDir`, else the shipped placeholder. A missing, unreadable
 * or oversized file counts as not there: the placeholder then says what to put in.
 */
export async function legalText(legalDir: string, kind: LegalKind): Promise<LegalText> {
  const own = await readFile(path.join(legalDir, `${kind}.md`), 'utf8').catch(() => undefined);
  const usable = own !== undefined && Buffer.byteLength(own) <= LEGAL_MAX_BYTES && own.trim();
  return usable
    ? { html: markdown.render(own), placeholder: false }
    : { html: markdown.render(LEGAL_PLACEHOLDERS[kind]), placeholder: true };
}
