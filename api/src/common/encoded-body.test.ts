import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EncodedBody, encodedOnce } from './encoded-body.ts';

const TEXT = `export const checks = ${JSON.stringify('Prüfung für Größe und Maß '.repeat(200))};\n`;

describe('EncodedBody', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const app = express();
    app.set('etag', false);
    const body = new EncodedBody(TEXT);
    app.get('/module.js', (request, response) =>
      body.send(request, response, 'application/javascript', 'no-cache'),
    );
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/module.js`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const get = (headers: Record<string, string>) => fetch(url, { headers });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', null],
    ['', null],
  ])(
    'sends for Accept-Encoding “%s” the encoding %s, the same text',
    async (accepted, encoding) => {
      const response = await get({ 'accept-encoding': accepted });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      const length = Number(response.headers.get('content-length'));
      if (encoding) expect(length).toBeLessThan(Buffer.byteLength(TEXT) / 5);
      else expect(length).toBe(Buffer.byteLength(TEXT));
      expect(await response.text()).toBe(TEXT);
    },
  );

  it('gives each encoding its own ETag, and answers a revalidation with an empty 304', async () => {
    const tags = new Set<string>();
    for (const accepted of ['br', 'gzip', 'identity']) {
      const first = await get({ 'accept-encoding': accepted });
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      tags.add(etag);
      // (fetch marks a conditional request no-cache unless told otherwise, as a browser's reload.)
      const again = await get({
        'accept-encoding': accepted,
        'if-none-match': etag,
        'cache-control': 'max-age=0',
      });
      expect([again.status, await again.text()]).toEqual([304, '']);
    }
    expect(tags.size).toBe(3);
  });
});

describe('encodedOnce', () => {
  it('builds the body under a key once and hands back the same one after', async () => {
    const cache = new Map<string, EncodedBody>();
    let builds = 0;
    const build = () => {
      builds += 1;
      return 'text';
    };
    const first = await encodedOnce(cache, 'a', build);
    expect(await encodedOnce(cache, 'a', build)).toBe(first);
    expect(await encodedOnce(cache, 'b', build)).not.toBe(first);
    expect(builds).toBe(2);
  });
});
