import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/** How long a mail file stays: long enough to click a link (reset: 1 h, activation: 48 h). */
export const MAIL_FILE_DAYS = 7;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * Deletes the `.eml` files of `folder` last written more than `days` ago; returns how many.
 * Each holds an address and often a link with a token: housekeeping removes them like the
 * database rows they came from. A missing folder (mails go over SMTP) is nothing to delete.
 */
export async function deleteMailFilesOlderThan(folder: string, days: number): Promise<number> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  const cutoff = Date.now() - days * 24 * 60 * 60 * 1000;
  let deleted = 0;
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const file = path.join(folder, name);
    try {
      if ((await stat(file)).mtimeMs >= cutoff) continue;
      await unlink(file);
      deleted += 1;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  return deleted;
}
