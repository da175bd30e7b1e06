import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './svg-sanitizer.ts';

const SVG = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';

describe('SVG logo sanitiser', () => {
  it('keeps an ordinary logo: shapes, gradients, local references, inline styles', async () => {
    const clean = await sanitizeSvg(
      `<?xml version="1.0"?><svg ${SVG} viewBox="0 0 100 40"><defs><linearGradient id="g"><stop offset="0" stop-color="#0b57d0"/></linearGradient></defs>` +
        `<style>.a{fill:#123456}</style><rect class="a" width="10" height="10" fill="url(#g)"/><path d="M0 0L10 10"/><text x="1" y="30">Agentur Nord</text></svg>`,
    );
    expect(clean).toContain('viewBox="0 0 100 40"');
    expect(clean).toContain('fill="url(#g)"');
    expect(clean).toContain('<linearGradient id="g">');
    expect(clean).toContain('.a{fill:#123456}');
    expect(clean).toContain('Agentur Nord');
    expect(clean!.startsWith('<svg')).toBe(true);
  });

  it('strips scripts, event handlers, foreignObject and javascript links', async () => {
    const clean = await sanitizeSvg(
      `<svg ${SVG} onload="alert(1)"><script>alert(2)</script><rect onclick="alert(3)" width="1"/>` +
        `<foreignObject><div xmlns="http://www.w3.org/1999/xhtml" onmouseover="alert(4)">x</div></foreignObject>` +
        `<a href="javascript:alert(5)"><circle r="1"/></a><a xlink:href="javascript:alert(6)"><circle r="2"/></a>` +
        `<animate attributeName="href" to="javascript:alert(7)"/><set attributeName="onload" to="alert(8)"/></svg>`,
    );
    expect(clean).toBeDefined();
    for (const bad of [
      'alert',
      'script',
      'onload',
      'onclick',
      'onmouseover',
      'foreignObject',
      'javascript',
    ])
      expect(clean).not.toContain(bad);
    expect(clean).toContain('<circle r="1"');
  });

  it('drops every reference to outside the file', async () => {
    const clean = await sanitizeSvg(
      `<svg ${SVG}><image href="https://tracker.example/p.png"/><image xlink:href="//tracker.example/q.png"/>` +
        `<image href="data:image/png;base64,iVBORw0KGgo="/><image href="data:image/svg+xml;base64,PHN2Zz4="/>` +
        `<rect fill="url(https://tracker.example/f#a)" stroke="url(#ok)" width="1"/>` +
        `<rect style="fill:url('http://tracker.example/s')" width="2"/>` +
        `<style>@import url(https://tracker.example/i.css); .b{fill:red}</style>` +
        `<style>.c{background:u\\72l(https://tracker.example/e)}</style></svg>`,
    );
    expect(clean).not.toContain('tracker.example');
    expect(clean).not.toContain('image/svg+xml');
    expect(clean).toContain('data:image/png;base64,iVBORw0KGgo=');
    expect(clean).toContain('stroke="url(#ok)"');
    expect(clean).not.toContain('@import');
  });

  it('serialises well-formed XML (no HTML entities)', async () => {
    const clean = await sanitizeSvg(`<svg ${SVG}><text>a\u00a0b &amp; c</text></svg>`);
    expect(clean).toContain('a\u00a0b &amp; c');
    expect(clean).not.toContain('&nbsp;');
  });

  it('gives nothing back for what is not an SVG', async () => {
    expect(await sanitizeSvg('<html><body>hallo</body></html>')).toBeUndefined();
    expect(await sanitizeSvg('kein Bild')).toBeUndefined();
  });
});
