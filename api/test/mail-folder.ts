import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The activation link (path) of the newest mail to `email` in a server process's mail folder.
 * The outbox worker writes mails in the background right after the request, so this waits for
 * it (up to 10 s).
 */
export async function verifyLinkFromMailFolder(dataDir: string, email: string): Promise<string> {
  const folder = path.join(dataDir, 'mail');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (attempt) await new Promise((resolve) => setTimeout(resolve, 100));
    const files = await readdir(folder).catch(() => [] as string[]);
    for (const file of files.sort().reverse()) {
      const raw = (await readFile(path.join(folder, file), 'utf8')).replace(/=\r?\n/g, '');
      const link = raw.includes(email.split('@')[0]!) && raw.match(/\/verify\/[\w-]+/)?.[0];
      if (link) return link;
    }
  }
  throw new Error(`Keine Aktivierungsmail an ${email} in ${folder}`);
}
