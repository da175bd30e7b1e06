import { describe, expect, it } from 'vitest';
import { presetSprite, viewIdOf } from './preset-sprite.ts';

const circle = (id: string) =>
  `<?xml version="1.0"?>\n<!-- drawn by hand -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img">` +
  `<clipPath id="${id}"><circle cx="48" cy="48" r="48"/></clipPath>` +
  `<g clip-path="url(#${id})"><use href="#${id}"/><use xlink:href="#${id}"/></g></svg>\n`;

describe('presetSprite', () => {
  it('stacks the illustrations, each in a view of its own box', () => {
    const { svg, views } = presetSprite(
      new Map([
        ['avatars/cook.svg', circle('a')],
        ['avatars/farmer.svg', circle('a')],
        [
          'small.svg',
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="20"><rect/></svg>',
        ],
      ]),
    );
    expect([...views]).toEqual([
      ['avatars/cook.svg', { id: 'avatars.cook' }],
      ['avatars/farmer.svg', { id: 'avatars.farmer' }],
      ['small.svg', { id: 'small' }],
    ]);
    expect(svg).toContain('<view id="avatars.cook" viewBox="0 0 96 96"/>');
    expect(svg).toContain('<view id="avatars.farmer" viewBox="0 96 96 96"/>');
    expect(svg).toContain('<view id="small" viewBox="0 192 10 20"/>');
    expect(svg).toContain(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" role="img" x="0" y="96" width="96" height="96">',
    );
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 96 212" width="96" height="212">/);
    expect(svg).not.toContain('<?xml');
    expect(svg).not.toContain('drawn by hand');
  });

  it('gives every id and each reference to it the view as a prefix, so equal ids do not collide', () => {
    const { svg } = presetSprite(
      new Map([
        ['avatars/cook.svg', circle('a')],
        ['avatars/farmer.svg', circle('a')],
      ]),
    );
    for (const view of ['avatars.cook', 'avatars.farmer']) {
      expect(svg).toContain(`<clipPath id="${view}.a">`);
      expect(svg).toContain(`clip-path="url(#${view}.a)"`);
      expect(svg).toContain(`<use href="#${view}.a"/><use xlink:href="#${view}.a"/>`);
    }
    const ids = [...svg.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('leaves out what has no root svg or no size: it stays a file of its own', () => {
    const { views } = presetSprite(
      new Map([
        ['no-size.svg', '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>'],
        ['broken.svg', 'kein SVG'],
        ['zero.svg', '<svg viewBox="0 0 0 10"></svg>'],
      ]),
    );
    expect(views.size).toBe(0);
  });

  it('names a view after the image path without its extension', () => {
    expect(viewIdOf('avatars/woman_office.svg')).toBe('avatars.woman_office');
    expect(viewIdOf('logo.svg')).toBe('logo');
  });
});
