import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Definition } from '@fragewerk/engine/core';
import { DEFINITIONS_FOLDER, loadDefinitionFromDisk } from '@fragewerk/engine/core/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_BRIEF, FIXTURE_CATALOGUE } from '../../tests/src/fixture-catalogue.ts';
import { readPresetAssets } from '../src/definition/preset-assets.ts';
import { HttpClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

type Avatar = { key: string; label: string; image: string };

/**
 * An avatar with ids of its own (a clip path), as drawn illustrations have them: in one sprite
 * they must be renamed per avatar so that two pictures' ids never collide.
 */
const FRAMED = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">',
  '<defs><clipPath id="frame"><rect width="10" height="10" rx="2"/></clipPath></defs>',
  '<circle cx="5" cy="5" r="5" clip-path="url(#frame)"/>',
  '</svg>',
].join('');
const AVATARS = [
  { key: 'young_woman', label: 'Junge Frau', image: 'avatars/young_woman.svg' },
  { key: 'person', label: 'Person', image: 'avatars/person.svg' },
  { key: 'framed', label: 'Gerahmt', image: 'avatars/framed.svg' },
];

/**
 * A copy of the fixture catalogue whose default questionnaire (fixture-brief) lists three avatars
 * among its presets: the two pictures of the catalogue's presets/avatars and one with a clip path.
 */
async function catalogueWithAvatars(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'fragewerk-assets-'));
  await cp(FIXTURE_CATALOGUE, root, { recursive: true });
  await writeFile(path.join(root, 'presets', 'avatars', 'framed.svg'), FRAMED);
  const file = path.join(root, DEFINITIONS_FOLDER, FIXTURE_BRIEF, 'presets', 'priorities.de.json');
  const presets = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(file, JSON.stringify({ ...presets, avatars: AVATARS }, null, 2));
  return root;
}

/** The avatars are SVG files of the catalogue's presets/, served by the API (docs/product.md#presets). */
describe('preset illustrations (avatars)', () => {
  let server: TestServer;
  let root: string;
  beforeAll(async () => {
    root = await catalogueWithAvatars();
    server = await startTestServer('embedded', { definitionDir: root });
  });
  afterAll(async () => {
    await server?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  const avatars = async () => {
    const response = await new HttpClient(server.url).api<{ data: Definition }>(
      'GET',
      '/config/definition',
    );
    return response.body.data.presets.priorities!.avatars as Avatar[];
  };

  it('hands the browser each avatar as its view in one versioned sprite, in the definition and the presets', async () => {
    const list = await avatars();
    expect(list.map((avatar) => avatar.key)).toEqual(AVATARS.map((avatar) => avatar.key));
    for (const avatar of list) {
      expect(avatar.image).toMatch(
        new RegExp(`^/assets/presets/_sprite\\.svg\\?v=[0-9a-f]{12}#avatars\\.${avatar.key}$`),
      );
      expect(avatar).not.toHaveProperty('emoji');
    }
    const presets = await new HttpClient(server.url).api<{
      data: { questionnaire: { priorities: { avatars: Avatar[] } } };
    }>('GET', '/config/presets');
    expect(presets.body.data.questionnaire.priorities.avatars).toEqual(list);
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
    expect(response.text).toContain('clip-path="url(#avatars.framed.frame)"');
  });

  it('serves each file on its own as SVG with a long cache for the versioned URL, under the strict CSP', async () => {
    const { files } = await readPresetAssets(
      [await loadDefinitionFromDisk(root, FIXTURE_BRIEF)],
      root,
    );
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
      await readFile(path.join(root, 'presets', 'avatars', `${first.key}.svg`), 'utf8'),
    );
    // Without the current version the browser must ask again.
    const unversioned = await client.raw('GET', first.image.replace(/\?.*$/, ''));
    expect(unversioned.status).toBe(200);
    expect(unversioned.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves nothing else from presets/', async () => {
    const client = new HttpClient(server.url);
    for (const path of [
      '/assets/presets/avatars/unknown.svg',
      '/assets/presets/topics.de.json',
      '/assets/presets/avatars/LICENSE.md',
      '/assets/presets/avatars/..%2F..%2Fpackage.json',
    ])
      expect((await client.raw('GET', path)).status, path).toBe(404);
  });

  it('does not start when a preset names a file that is missing', async () => {
    const broken = await mkdtemp(path.join(tmpdir(), 'fragewerk-assets-'));
    try {
      await cp(path.join(root, 'presets'), path.join(broken, 'presets'), { recursive: true });
      await rm(path.join(broken, 'presets', 'avatars', 'framed.svg'));
      const definition = await loadDefinitionFromDisk(root, FIXTURE_BRIEF);
      await expect(readPresetAssets([definition], broken)).rejects.toThrow(/avatars\/framed\.svg/);
      expect((await readPresetAssets([definition], root)).files.size).toBe(AVATARS.length);
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });
});
