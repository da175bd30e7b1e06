/**
 * A Chromium driven over a bare DevTools connection (`--remote-debugging-pipe`), for the figures
 * that Playwright's own connection changes. Playwright enables the Runtime domain on every page;
 * with it, V8 captures a detailed stack trace for every Error a script creates (in case it ends
 * up uncaught and the DevTools console shows it), which needs the source positions of every
 * function on the stack. react-dom and RTK Query create their sentinel errors while their modules
 * load, inside their module functions, so with Playwright attached a page load re-parses those
 * whole functions on the main thread (~70–140 ms of `V8.CollectSourcePositions` per load of the
 * results view, counted in its ScriptDuration). A customer's browser has no DevTools attached and
 * never does that. This client sends only what the measurement needs: Target, Storage, Page,
 * Emulation, Performance and `Runtime.evaluate` (which works without `Runtime.enable`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../src/chromium.ts';
import { tempDir } from './support.ts';

type Params = Record<string, unknown>;

interface Message {
  id?: number;
  method?: string;
  params?: Params;
  sessionId?: string;
  result?: unknown;
  error?: { message: string };
}

/** One page in a browser context of its own (cold cache, own cookies). */
export interface BarePage {
  send<T = unknown>(method: string, params?: Params): Promise<T>;
  /** Resolves at the page's next event of that name. */
  next(method: string): Promise<Params>;
  /** Navigates and resolves at the new document's load event. */
  load(url: string): Promise<void>;
  close(): Promise<void>;
}

export interface BareChromium {
  newPage(options: {
    cookies?: { name: string; value: string; url: string }[];
    initScript?: string;
    viewport: { width: number; height: number };
    locale: string;
  }): Promise<BarePage>;
  close(): Promise<void>;
}

export async function launchBareChromium(executablePath = CHROMIUM_PATH): Promise<BareChromium> {
  const profile = tempDir('chromium');
  const child: ChildProcess = spawn(
    executablePath,
    [...CHROMIUM_ARGS, '--headless', '--remote-debugging-pipe', `--user-data-dir=${profile}`],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const input = child.stdio[3] as Writable;
  const output = child.stdio[4] as Readable;
  let lastId = 0;
  const answers = new Map<number, (message: Message) => void>();
  const listeners = new Set<(message: Message) => void>();
  let buffered = '';
  output.setEncoding('utf8');
  output.on('data', (chunk: string) => {
    const parts = (buffered + chunk).split('\0');
    buffered = parts.pop() ?? '';
    for (const part of parts) {
      const message = JSON.parse(part) as Message;
      const answer = message.id === undefined ? undefined : answers.get(message.id);
      if (answer) {
        answers.delete(message.id!);
        answer(message);
      } else for (const listener of listeners) listener(message);
    }
  });
  // A browser that ends (or never starts) fails what waits for its answer instead of hanging.
  const fail = (reason: string) => {
    for (const answer of answers.values()) answer({ error: { message: reason } });
    answers.clear();
  };
  child.once('error', (error) => fail(`Chromium startet nicht: ${error.message}`));
  input.on('error', (error) => fail(`Chromium nicht erreichbar: ${error.message}`));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      fail('Chromium beendet');
      resolve();
    }),
  );

  const send = <T>(method: string, params: Params = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      lastId += 1;
      answers.set(lastId, (message) =>
        message.error
          ? reject(new Error(`${method}: ${message.error.message}`))
          : resolve(message.result as T),
      );
      input.write(`${JSON.stringify({ id: lastId, method, params, sessionId })}\0`);
    });
  const next = (method: string, sessionId: string) =>
    new Promise<Params>((resolve) => {
      const listener = (message: Message) => {
        if (message.sessionId !== sessionId || message.method !== method) return;
        listeners.delete(listener);
        resolve(message.params ?? {});
      };
      listeners.add(listener);
    });
  const { userAgent } = await send<{ userAgent: string }>('Browser.getVersion');

  return {
    async newPage({ cookies, initScript, viewport, locale }) {
      const { browserContextId } = await send<{ browserContextId: string }>(
        'Target.createBrowserContext',
      );
      if (cookies?.length) await send('Storage.setCookies', { browserContextId, cookies });
      const { targetId } = await send<{ targetId: string }>('Target.createTarget', {
        url: 'about:blank',
        browserContextId,
      });
      const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', {
        targetId,
        flatten: true,
      });
      const page: BarePage = {
        send: (method, params) => send(method, params, sessionId),
        next: (method) => next(method, sessionId),
        async load(url) {
          const loaded = page.next('Page.loadEventFired');
          await page.send('Page.navigate', { url });
          await loaded;
        },
        async close() {
          await send('Target.closeTarget', { targetId });
          await send('Target.disposeBrowserContext', { browserContextId });
        },
      };
      await page.send('Page.enable');
      await page.send('Emulation.setDeviceMetricsOverride', {
        ...viewport,
        deviceScaleFactor: 1,
        mobile: false,
      });
      await page.send('Emulation.setLocaleOverride', { locale });
      await page.send('Emulation.setUserAgentOverride', { userAgent, acceptLanguage: locale });
      if (initScript)
        await page.send('Page.addScriptToEvaluateOnNewDocument', { source: initScript });
      return page;
    },
    async close() {
      child.kill();
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
