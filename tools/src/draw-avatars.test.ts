import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { avatarsDir, generateAvatars, readAvatarPresets } from './draw-avatars.ts';

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/**
 * A strict parser for the XML subset the avatars use (elements, quoted attributes, text with the
 * predefined entities, an optional XML declaration and comments). Whatever it does not understand
 * is an error, so a file it accepts is well-formed XML.
 */
function parseXml(source: string): XmlElement {
  const token =
    /<!--(?:(?!--)[\s\S])*-->|<\?xml[^?]*\?>|<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_][\w:.-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|([^<]+)/y;
  const attribute = /([A-Za-z_][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  const entity = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (token.lastIndex < source.length) {
    const at = token.lastIndex;
    const match = token.exec(source);
    if (!match) throw new Error(`unerwartetes Zeichen an Position ${at}`);
    const [whole, closing, name, attrs = '', selfClosing, text] = match;
    if (text !== undefined) {
      if (text.replace(entity, '').includes('&')) throw new Error(`nacktes & an Position ${at}`);
      if (stack.length === 0) {
        if (text.trim()) throw new Error(`Text außerhalb des Wurzelelements an Position ${at}`);
      } else stack.at(-1)!.text += text;
      continue;
    }
    if (!name) continue; // comment or XML declaration
    if (closing) {
      if (attrs.trim() || selfClosing) throw new Error(`fehlerhaftes End-Tag ${whole}`);
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`</${name}> schließt <${open?.name}>`);
      continue;
    }
    const element: XmlElement = { name, attributes: {}, children: [], text: '' };
    for (const [, attrName, double, single] of attrs.matchAll(attribute)) {
      if (attrName! in element.attributes) throw new Error(`doppeltes Attribut ${attrName}`);
      const value = double ?? single ?? '';
      if (value.replace(entity, '').includes('&')) throw new Error(`nacktes & in ${attrName}`);
      element.attributes[attrName!] = value;
    }
    if (stack.length > 0) stack.at(-1)!.children.push(element);
    else if (root) throw new Error('mehr als ein Wurzelelement');
    else root = element;
    if (!selfClosing) stack.push(element);
  }
  if (stack.length > 0) throw new Error(`<${stack.at(-1)!.name}> nicht geschlossen`);
  if (!root) throw new Error('kein Wurzelelement');
  return root;
}

const descendants = (element: XmlElement): XmlElement[] => [
  element,
  ...element.children.flatMap(descendants),
];

const presets = await readAvatarPresets();
const read = (file: string) => readFile(path.join(avatarsDir, file), 'utf8');

describe('avatar illustrations in presets/avatars/', () => {
  it('has a file for every avatar preset and no others', async () => {
    expect(presets.length).toBeGreaterThan(0);
    const files = (await readdir(avatarsDir)).filter((file) => file.endsWith('.svg')).sort();
    expect(files).toEqual(presets.map(({ key }) => `${key}.svg`).sort());
    expect(await read('LICENSE.md')).toContain('CC0 1.0');
  });

  it.each(presets.map(({ key, label }) => [key, label]))(
    '%s.svg is a small, self-contained SVG',
    async (key, label) => {
      const source = await read(`${key}.svg`);
      expect(Buffer.byteLength(source)).toBeLessThan(3000);
      const svg = parseXml(source);
      expect(svg.name).toBe('svg');
      expect(svg.attributes.xmlns).toBe('http://www.w3.org/2000/svg');
      const [x, y, width, height] = (svg.attributes.viewBox ?? '').split(/\s+/).map(Number);
      expect([x, y]).toEqual([0, 0]);
      expect(width).toBeGreaterThan(0);
      expect(width).toBe(height);
      const title = svg.children[0];
      expect(title?.name).toBe('title');
      expect(title?.text).toBe(label);

      const elements = descendants(svg);
      const names = new Set(elements.map((element) => element.name.toLowerCase()));
      for (const forbidden of [
        'script',
        'text',
        'tspan',
        'foreignobject',
        'style',
        'filter',
        'image',
        'use',
        'a',
        'font',
        'font-face',
      ])
        expect(names.has(forbidden), `<${forbidden}>`).toBe(false);
      for (const element of elements)
        for (const [name, value] of Object.entries(element.attributes)) {
          expect(name.toLowerCase(), `${element.name}@${name}`).not.toMatch(/^on|href$|^style$/);
          expect(name.toLowerCase(), `${element.name}@${name}`).not.toMatch(/^(filter|font)/);
          // Paint and clip references stay inside the file.
          for (const [, target] of value.matchAll(/url\(\s*([^)]*)\)/g))
            expect(target, `${element.name}@${name}`).toMatch(/^#[\w-]+$/);
        }
      expect(source).not.toMatch(/<script|href|javascript:|@import|<!DOCTYPE|<!ENTITY/i);
      // Ids are prefixed per avatar, so that several inlined avatars do not collide.
      for (const element of elements)
        if (element.attributes.id) expect(element.attributes.id).toContain(key);
    },
  );

  it('matches what tools/src/draw-avatars.ts generates (run it after changing the drawings)', async () => {
    const files = await generateAvatars();
    expect([...files.keys()].sort()).toEqual(
      [...presets.map(({ key }) => `${key}.svg`), 'LICENSE.md'].sort(),
    );
    for (const [file, content] of files) expect(await read(file), file).toBe(content);
  });
});
