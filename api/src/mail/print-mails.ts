/**
 * `npm run mails [-- --count N]`: the newest mails that the server wrote to files (no
 * `SMTP_URL`), each with its date, recipient, subject and links – how a newcomer finds the
 * activation link without the server ever logging it. Reads `DATA_DIR` like the server.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { configFromEnv } from '../config/app-config.ts';
import { ConfigError } from '../config/environment.ts';
import { mailFolder, readMail } from './mail-files.ts';

const LINK = /https?:\/\/[^\s<>"]+/g;

function countFrom(args: string[]): number {
  const index = args.indexOf('--count');
  const count = index >= 0 ? Number(args[index + 1]) : 5;
  return Number.isInteger(count) && count > 0 ? count : 5;
}

const when = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'Europe/Berlin',
});

async function main() {
  const config = configFromEnv();
  if (config.smtpUrl) {
    console.log('Mails gehen über SMTP_URL hinaus; Mail-Dateien gibt es nur ohne SMTP_URL.');
    return;
  }
  const folder = mailFolder(config.dataDir);
  const names = (await readdir(folder).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .slice(-countFrom(process.argv.slice(2)));
  if (names.length === 0) {
    console.log(`Noch keine Mails in ${folder}.`);
    return;
  }
  for (const name of names) {
    const file = path.join(folder, name);
    const mail = readMail(await readFile(file, 'utf8'));
    const links = [...new Set(mail.text.match(LINK) ?? [])];
    console.log(`${when.format((await stat(file)).mtime)}  an ${mail.to}`);
    console.log(`  ${mail.subject}`);
    for (const link of links) console.log(`  ${link}`);
    console.log('');
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
