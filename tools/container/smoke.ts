/**
 * The container's smoke test (tools/container/check-image.sh runs it against the running image):
 * the server gets ready, a registration goes through with its activation mail in the data folder,
 * the new account logs in, creates a project and saves a form step that reads back the same.
 *
 * Usage: npx tsx tools/container/smoke.ts <base URL> <mail folder of the container's DATA_DIR>
 * Exits 1 with a German line saying which step failed.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const [baseUrl, mailDir] = process.argv.slice(2);
if (!baseUrl || !mailDir) {
  console.error('Aufruf: npx tsx tools/container/smoke.ts <Adresse> <Mail-Ordner>');
  process.exit(2);
}

const READY_TIMEOUT_MS = 60_000;
const MAIL_TIMEOUT_MS = 30_000;

class SmokeFailure extends Error {}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new SmokeFailure(message);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A browser in miniature: keeps cookies and the CSRF token of the last page it rendered. */
const cookies = new Map<string, string>();
let csrfToken = '';

async function request(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
) {
  const response = await fetch(new URL(url, baseUrl), {
    method,
    redirect: 'manual',
    headers: {
      cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      ...headers,
    },
    body,
  });
  for (const cookie of response.headers.getSetCookie()) {
    const [name = '', value = ''] = (cookie.split(';')[0] ?? '').split('=');
    cookies.set(name, value);
  }
  const text = await response.text();
  csrfToken = /<meta name="csrf-token" content="([^"]+)"/.exec(text)?.[1] ?? csrfToken;
  return { status: response.status, text };
}

const page = (url: string) => request('GET', url, {});

const form = (url: string, fields: Record<string, string>) =>
  request(
    'POST',
    url,
    { 'content-type': 'application/x-www-form-urlencoded' },
    new URLSearchParams({ _csrf: csrfToken, ...fields }).toString(),
  );

async function api<T>(method: string, url: string, body?: unknown) {
  const response = await request(
    method,
    `/api${url}`,
    {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-csrf-token': csrfToken,
    },
    body === undefined ? undefined : JSON.stringify(body),
  );
  let json: { data?: T; message?: string } = {};
  try {
    json = JSON.parse(response.text) as typeof json;
  } catch {
    // Not JSON: the status says enough, the text goes into the failure message.
  }
  return { status: response.status, json, text: response.text.slice(0, 500) };
}

async function waitUntilReady() {
  const started = Date.now();
  let last = 'keine Antwort';
  while (Date.now() - started < READY_TIMEOUT_MS) {
    try {
      const response = await fetch(new URL('/readyz', baseUrl));
      if (response.status === 200) return Date.now() - started;
      last = `Status ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(500);
  }
  throw new SmokeFailure(`/readyz nicht bereit nach ${READY_TIMEOUT_MS / 1000} s (${last})`);
}

/** The first link of the newest mail to `email` in the file transport's folder. */
async function linkOfMailTo(email: string): Promise<string> {
  const started = Date.now();
  while (Date.now() - started < MAIL_TIMEOUT_MS) {
    const files = (await readdir(mailDir!).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const raw = await readFile(path.join(mailDir!, file), 'utf8');
      if (!raw.includes(email)) continue;
      // nodemailer writes the text part quoted-printable: soft line breaks and =XX escapes.
      const text = raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      const link = /https?:\/\/\S+/.exec(text.slice(text.search(/\r?\n\r?\n/)))?.[0];
      if (link) return link;
    }
    await sleep(500);
  }
  throw new SmokeFailure(`keine Aktivierungsmail an ${email} in ${mailDir}`);
}

async function main() {
  const readyAfter = await waitUntilReady();
  console.log(`OK  /readyz antwortet 200 (nach ${(readyAfter / 1000).toFixed(1)} s)`);

  const email = `container-${Date.now()}@example.de`;
  const password = 'sicheres-passwort-im-container';
  await page('/register');
  check(csrfToken, 'die Registrierungsseite hat kein CSRF-Token');
  const registered = await form('/register', {
    company: 'Agentur Container',
    email,
    password,
    confirm_password: password,
  });
  check(registered.status === 200, `Registrierung: Status ${registered.status}`);
  const link = await linkOfMailTo(email);
  const activated = await page(new URL(link).pathname + new URL(link).search);
  check(activated.status < 400, `Aktivierungslink: Status ${activated.status}`);
  console.log(`OK  Registrierung von ${email}, Aktivierungsmail in DATA_DIR/mail`);

  cookies.clear();
  csrfToken = '';
  await page('/login');
  const loggedIn = await form('/login', { email, password });
  check(loggedIn.status === 303, `Anmeldung: Status ${loggedIn.status}`);
  await page('/dashboard');

  const created = await api<{ id: string }>('POST', '/projects/create', {
    project_name: 'Relaunch im Container',
    customer_firm: 'Bäckerei Groß',
    questionnaire: 'website-relaunch',
  });
  check(
    created.status === 201 && created.json.data?.id,
    `Projekt anlegen: ${created.status} ${created.text}`,
  );
  const id = created.json.data.id;

  const frame = { occasion: 'Neuer Auftritt für die Filialen in Köln und Düsseldorf' };
  const saved = await api('PATCH', `/projects/${id}/project_frame`, { ...frame, version: 0 });
  check(saved.status === 200, `Schritt speichern: ${saved.status} ${saved.text}`);
  const read = await api<{ project_frame?: { occasion?: string } }>('GET', `/projects/${id}`);
  check(
    read.status === 200 && read.json.data?.project_frame?.occasion === frame.occasion,
    `Schritt zurücklesen: ${read.status} ${read.text}`,
  );
  console.log('OK  Projekt angelegt, Schritt „Rahmen“ gespeichert und unverändert zurückgelesen');
}

try {
  await main();
} catch (error) {
  console.error(
    `FEHLER  ${error instanceof SmokeFailure ? error.message : ((error as Error).stack ?? error)}`,
  );
  process.exit(1);
}
