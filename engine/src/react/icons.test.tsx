// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as icons from './icons.tsx';
import { DRAG_SHAPE, EDIT_SHAPE, PLUS_SHAPE, PlusIcon } from './icons.tsx';
import { iconDataUrl, ImageIcon } from './image-icon.tsx';

/** Every shape the module exports. */
const shapes = Object.entries(icons).filter(([name]) => name.endsWith('_SHAPE')) as [
  string,
  string,
][];

const decode = (url: string) => decodeURIComponent(url.replace('data:image/svg+xml,', ''));

describe('icons', () => {
  it('draws an inline icon in currentColor from its shape', () => {
    const { container } = render(<PlusIcon />);
    const svg = container.querySelector('svg.icon')!;
    expect(svg.getAttribute('stroke')).toBe('currentColor');
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.querySelectorAll('path')).toHaveLength(2);
    expect(svg.innerHTML).toBe(PLUS_SHAPE.replace(/\/>/g, '></path>'));
  });

  it('makes every shape a stand-alone SVG document in the given colour', () => {
    const parser = new DOMParser();
    expect(shapes.length).toBe(11);
    for (const [, shape] of shapes) {
      const url = iconDataUrl(shape, '#3c4856');
      expect(url).toMatch(/^data:image\/svg\+xml,[^"'()\s]+$/);
      const document = parser.parseFromString(decode(url), 'image/svg+xml');
      expect(document.querySelector('parsererror')).toBeNull();
      const svg = document.documentElement;
      expect(svg.getAttribute('stroke')).toBe('#3c4856');
      expect(svg.getAttribute('stroke-width')).toBe('2');
      expect(svg.getAttribute('fill')).toBe('none');
      expect(svg.children.length).toBeGreaterThan(0);
    }
  });

  it('draws an image icon in the colours of the tokens the page sets on :root', () => {
    document.documentElement.style.setProperty('--fw-test-soft', '#123456');
    document.documentElement.style.setProperty('--fw-test-dark', '#000011');
    const { container } = render(
      <ImageIcon shape={EDIT_SHAPE} color="--fw-test-soft" hoverColor="--fw-test-dark" />,
    );
    const icon = container.querySelector<HTMLElement>('span.icon.icon-image')!;
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    const image = icon.style.getPropertyValue('--icon-image');
    const hover = icon.style.getPropertyValue('--icon-image-hover');
    expect(image).toBe(`url("${iconDataUrl(EDIT_SHAPE, '#123456')}")`);
    expect(hover).toBe(`url("${iconDataUrl(EDIT_SHAPE, '#000011')}")`);
  });

  it('draws an image icon in black where no token is set', () => {
    const { container } = render(<ImageIcon shape={DRAG_SHAPE} color="--fw-test-unset" />);
    const icon = container.querySelector<HTMLElement>('span.icon-image')!;
    expect(icon.style.getPropertyValue('--icon-image')).toContain(encodeURIComponent('"#000000"'));
    expect(icon.style.getPropertyValue('--icon-image-hover')).toBe(
      icon.style.getPropertyValue('--icon-image'),
    );
  });
});
