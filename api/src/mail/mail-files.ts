import { readdir, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * The mail files of the file transport: without `SMTP_URL`, mail-transport.ts writes every mail
 * as an `.eml` file to `<DATA_DIR>/mail/`. Those files are copies of what a mail says – an
 * address, a link with a one-time token, a customer's and a project's name – and go when the
 * account or the project they are about is deleted (SECURITY.md), and after a week in any case.
 * Kept apart from the transport, which only writes them: this module reads them back the way
 * nodemailer wrote them (for the erasure, `npm run mails` and the tests) and deletes them.
 */

/** The folder the file transport writes to. */
export const mailFolder = (dataDir: string) => path.join(dataDir, 'mail');

/** Which mail files to delete: those addressed to one of `to`, or whose text names `mentioning`. */
export interface MailFileMatch {
  /** Addresses (any case) in the To, Cc or Bcc header. */
  to?: string[];
  /** Texts (any case) anywhere in the decoded mail, e.g. the link of a project. */
  mentioning?: string[];
}

const fromQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Decodes RFC 2047 words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`); white space between two of them goes. */
const decodeWords = (value: string) =>
  value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?UTF-8\?([QB])\?(.*?)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : fromQuotedPrintable(data.replace(/_/g, ' ')),
    );

/** A mail file as a person reads it: sender, reply address, recipient, subject and text, decoded. */
export interface ReadMail {
  from: string;
  replyTo: string;
  to: string;
  subject: string;
  text: string;
}

/** Reads a single-part text mail as nodemailer writes it. */
export function readMail(raw: string): ReadMail {
  const { head, text } = parse(raw);
  const header = (name: string) =>
    decodeWords(new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1] ?? '');
  return {
    from: header('From'),
    replyTo: header('Reply-To'),
    to: header('To'),
    subject: header('Subject'),
    text,
  };
}

/** The header block (folded lines joined) and the decoded body of a single-part text mail. */
function parse(raw: string): { head: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r?\n[ \t]+/g, ' ');
  const body = split < 0 ? '' : raw.slice(split).trim();
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? fromQuotedPrintable(body)
        : body;
  return { head, text };
}

/** The addresses of the To, Cc and Bcc headers, lower case. */
export function recipientsOf(raw: string): string[] {
  const { head } = parse(raw);
  const addresses: string[] = [];
  for (const line of head.split(/\r?\n/)) {
    const header = /^(?:To|Cc|Bcc):(.*)$/i.exec(line);
    if (!header) continue;
    for (const address of header[1]!.match(/[^\s<>",;:]+@[^\s<>",;]+/g) ?? [])
      addresses.push(address.toLowerCase());
  }
  return addresses;
}

/** Whether a mail file's content matches. */
export function mailMatches(raw: string, match: MailFileMatch): boolean {
  const to = new Set((match.to ?? []).map((address) => address.trim().toLowerCase()));
  if (to.size > 0 && recipientsOf(raw).some((address) => to.has(address))) return true;
  const texts = (match.mentioning ?? []).map((text) => text.toLowerCase()).filter(Boolean);
  if (texts.length === 0) return false;
  const { head, text } = parse(raw);
  const whole = `${head}\n${text}`.toLowerCase();
  return texts.some((needle) => whole.includes(needle));
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * Deletes the `.eml` files of `folder` for which `doomed` says so; returns how many. One file at
 * a time, so a large folder costs time, not memory. A missing folder (mails go over SMTP, or none
 * was sent yet) is nothing to delete, and a file another process removed meanwhile is skipped.
 */
async function deleteMailFilesWhere(
  folder: string,
  doomed: (file: string) => Promise<boolean>,
): Promise<number> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  let deleted = 0;
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const file = path.join(folder, name);
    try {
      if (!(await doomed(file))) continue;
      await unlink(file);
      deleted += 1;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  return deleted;
}

/** Deletes the mail files of `folder` that match; returns how many. */
export const deleteMailFiles = (folder: string, match: MailFileMatch): Promise<number> =>
  deleteMailFilesWhere(folder, async (file) => mailMatches(await readFile(file, 'utf8'), match));

/** How long a mail file stays: long enough to click a link (reset: 1 h, activation: 48 h). */
export const MAIL_FILE_DAYS = 7;

/**
 * Deletes the mail files last written more than `days` ago; returns how many. Each holds an
 * address and often a link with a token: housekeeping removes them like the rows they came from.
 */
export function deleteMailFilesOlderThan(folder: string, days: number): Promise<number> {
  const cutoff = Date.now() - days * 24 * 60 * 60 * 1000;
  return deleteMailFilesWhere(folder, async (file) => (await stat(file)).mtimeMs < cutoff);
}
