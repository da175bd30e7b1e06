import { createServer, type Server } from 'node:http';
import { Logger } from '@nestjs/common';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { httpLogger } from './http-logger.ts';
import { createLogger } from './logger.ts';
import { PinoNestLogger } from './nest-logger.ts';
import { redactPath } from './redact.ts';

/** A logger writing into an array of parsed JSON lines. */
function capture(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(level, {
    write: (chunk: string) => {
      for (const line of chunk.split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    },
  });
  return { logger, lines };
}

describe('logging', () => {
  let server: Server | undefined;
  afterEach(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  );

  it('redacts share tokens and one-time tokens and drops the query', () => {
    expect(redactPath('/share/abc-DEF_123/projekte/p1/fragebogen?t=abc')).toBe(
      '/share/<redacted>/projekte/p1/fragebogen',
    );
    expect(redactPath('/verify/tok')).toBe('/verify/<redacted>');
    expect(redactPath('/passwort-zuruecksetzen/tok?x=1')).toBe(
      '/passwort-zuruecksetzen/<redacted>',
    );
    expect(redactPath('/einladung/tok')).toBe('/einladung/<redacted>');
    expect(redactPath('/api/projects/p1')).toBe('/api/projects/p1');
    expect(redactPath('/api/share/x')).toBe('/api/share/x');
  });

  it('redacts a token however the path is spelled', () => {
    const token = 'Qm9yZW4tYmlzLXp1bS1Ib3Jpem9udC0yMDI2LXh5ejEy';
    for (const path of [
      `/SHARE/${token}/projekte/p1`,
      `/Share/${token}`,
      `//share//${token}/x`,
      `/%73hare/${token}`,
      `/sh%61re/${encodeURIComponent(token)}/x`,
      `/api/projects/${token}`,
      `/irgendwo/${'a1b2'.repeat(16)}`,
    ]) {
      const logged = redactPath(path);
      expect(logged).not.toContain(token);
      expect(logged).not.toContain('a1b2a1b2');
      expect(logged).toContain('<redacted>');
    }
    expect(redactPath('/VERIFY/kurz')).toBe('/VERIFY/<redacted>');
    // Ids stay readable.
    const id = '6f1c2a9e-3b4d-4c5e-8f90-1a2b3c4d5e6f';
    expect(redactPath(`/api/projects/${id}/competitors`)).toBe(`/api/projects/${id}/competitors`);
  });

  it('writes one line per request, and an error with its stack at level error', async () => {
    const { logger, lines } = capture();
    const app = express();
    app.use(httpLogger(logger));
    app.get('/ok', (request, response) => {
      (request as unknown as { user: { id: string } }).user = { id: 'u-1' };
      new Logger('Dienst').log('im Request');
      response.send('ok');
    });
    app.get('/kaputt', (request, response) => {
      (response as unknown as { err: Error }).err = new Error('kaputt');
      response.status(500).send('x');
    });
    server = createServer(app).listen(0, '127.0.0.1');
    await new Promise((resolve) => server!.once('listening', resolve));
    Logger.overrideLogger(new PinoNestLogger(logger));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const ok = await fetch(`${base}/ok?geheim=1`, { headers: { 'x-edit-token': 'geheim' } });
    await fetch(`${base}/kaputt`);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const requestId = ok.headers.get('x-request-id');
    const service = lines.find((line) => line.msg === 'im Request');
    expect(service).toMatchObject({ level: 'info', context: 'Dienst', req: { id: requestId } });
    expect(lines.find((line) => line.msg === 'GET /ok 200')).toMatchObject({
      level: 'info',
      req: { id: requestId, method: 'GET', path: '/ok' },
      res: { status: 200 },
      user_id: 'u-1',
      duration_ms: expect.any(Number),
    });
    const failed = lines.find((line) => line.msg === 'GET /kaputt 500') as {
      level: string;
      err: { message: string; stack: string };
    };
    expect(failed.level).toBe('error');
    expect(failed.err.message).toBe('kaputt');
    expect(failed.err.stack).toContain('logging.test.ts');
    expect(JSON.stringify(lines)).not.toContain('geheim');
  });

  it("passes Nest's errors with their stack and hides its start-up chatter below debug", () => {
    const { logger, lines } = capture();
    const nest = new PinoNestLogger(logger);
    nest.log('Mapped {/api, GET} route', 'RouterExplorer');
    nest.error('Mail konnte nicht gesendet werden', 'Error: x\n    at here', 'Mail');
    nest.error(new Error('direkt'), 'Mail');
    nest.warn('Achtung', 'Mail');
    expect(lines.map((line) => line.msg)).toEqual([
      'Mail konnte nicht gesendet werden',
      'direkt',
      'Achtung',
    ]);
    expect(lines[0]).toMatchObject({
      level: 'error',
      context: 'Mail',
      err: { stack: 'Error: x\n    at here' },
    });
    expect((lines[1]!.err as { stack: string }).stack).toContain('Error: direkt');
    expect(lines[2]).toMatchObject({ level: 'warn', context: 'Mail' });
  });

  it('writes nothing at level silent', () => {
    const { logger, lines } = capture('silent');
    new PinoNestLogger(logger).error('x', 'Mail');
    expect(lines).toEqual([]);
  });
});
