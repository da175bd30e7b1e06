import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Definition } from '@fragewerk/engine/core';
import { defaultDefinitionDirs, loadDefinitionFromDisk } from '@fragewerk/engine/core/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPresetAssets } from '../src/definition/preset-assets.ts';
import { HttpClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

type Avatar = { key: string; label: string; image: string };

/** The avatars are SVG files of the definition's presets/, served by the API (docs/product.md#presets). */
describe('preset illustrations (avatars)', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The shipped avatars: the sprite's id rewriting needs pictures with ids of their own (the
    // fixture's two circles have none), and the count and file names are the shipped ones.
    server = await startTestServer('embedded', {}, { catalogue: 'repository' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const avatars = async () => {
    const response = await new HttpClient(server.url).api<{ data: Definition }>(
      'GET',
      '/config/definition',
    );
    return response.body.data.presets.personas!.avatars as Avatar[];
  };

  it('hands the browser each avatar as its view in one versioned sprite, in the definition and the presets', async () => {
    const list = await avatars();
    expect(list).toHaveLength(24);
    for (const avatar of list) {
      expect(avatar.image).toMatch(
        new RegExp(`^/assets/presets/_sprite\\.svg\\?v=[0-9a-f]{12}#avatars\\.${avatar.key}$`),
      );
      expect(avatar).not.toHaveProperty('emoji');
    }
    const presets = await new HttpClient(server.url).api<{
      data: { questionnaire: { personas: { avatars: Avatar[] } } };
    }>('GET', '/config/presets');
    expect(presets.body.data.questionnaire.personas.avatars).toEqual(list);
  });

  it('serves the sprite with a view of each avatar, whose ids do not collide', async () => {
    const list = await avatars();
    const response = await new HttpClient(server.url).raw('GET', list[0]!.image.split('#')[0]!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const avatar of list)
      expect(response.text).toContain(`<view id="avatars.${avatar.key}" viewBox="0 `);
    const ids = [...response.text.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(response.text).toContain('clip-path="url(#avatars.artist.av-artist)"');
  });

  it('serves each file on its own as SVG with a long cache for the versioned URL, under the strict CSP', async () => {
    const { files } = await readPresetAssets([await loadDefinitionFromDisk(undefined)], undefined);
    const [name, file] = [...files][0]!;
    const first = {
      key: name.replace(/^avatars\/|\.svg$/g, ''),
      image: `/assets/presets/${name}?v=${file.version}`,
    };
    const client = new HttpClient(server.url);
    const response = await client.raw('GET', first.image);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.text).toBe(
      await readFile(
        path.join(defaultDefinitionDirs.presetsDir, 'avatars', `${first!.key}.svg`),
        'utf8',
      ),
    );
    // Without the current version the browser must ask again.
    const unversioned = await client.raw('GET', first!.image.replace(/\?.*$/, ''));
    expect(unversioned.status).toBe(200);
    expect(unversioned.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves nothing else from presets/', async () => {
    const client = new HttpClient(server.url);
    for (const path of [
      '/assets/presets/avatars/unknown.svg',
      '/assets/presets/personas.de.json',
      '/assets/presets/avatars/LICENSE.md',
      '/assets/presets/avatars/..%2F..%2Fpackage.json',
    ])
      expect((await client.raw('GET', path)).status, path).toBe(404);
  });

  it('does not start when a preset names a file that is missing', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'fragewerk-assets-'));
    try {
      await cp(defaultDefinitionDirs.presetsDir, path.join(root, 'presets'), { recursive: true });
      await rm(path.join(root, 'presets', 'avatars', 'cook.svg'));
      const definition = await loadDefinitionFromDisk(undefined);
      await expect(readPresetAssets([definition], root)).rejects.toThrow(/avatars\/cook\.svg/);
      expect((await readPresetAssets([definition], undefined)).files.size).toBe(24);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
