import type { DOMPurify } from 'dompurify';

/**
 * What may stand in a `url(…)`, `href` or `xlink:href` of a logo: a reference inside the file
 * (`#gradient`) or an embedded raster image. Anything else would load from elsewhere (tracking,
 * or content that changes after the check).
 */
const LOCAL_REFERENCE = /^#[\w.:-]*$/;
const EMBEDDED_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[\w+/=\s]*$/i;

/** Every target of `url(…)` in a CSS text or a presentation attribute. */
const URL_TARGETS = /url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi;

/**
 * CSS that could fetch something without a plain `url(…)`, or hide one: imports, the other image
 * functions, and escapes (`u\72l(`).
 */
const FETCHING_CSS = /@import|\\|image-set\s*\(|image\s*\(|cross-fade\s*\(|src\s*\(|element\s*\(/i;

/** Whether a CSS text or attribute value loads nothing from outside the file. */
function staysInside(value: string): boolean {
  if (FETCHING_CSS.test(value)) return false;
  const targets = [...value.matchAll(URL_TARGETS)];
  // A `url(` the pattern could not take apart (unbalanced, odd quoting) counts as outside.
  if (targets.length !== (value.match(/url\s*\(/gi) ?? []).length) return false;
  return targets.every(([, , target = '']) => LOCAL_REFERENCE.test(target.trim()));
}

interface Sanitizer {
  purify: DOMPurify;
  serialize(node: Node): string;
}

let sanitizer: Promise<Sanitizer> | undefined;

/**
 * DOMPurify on a jsdom window, built on the first SVG upload and kept: jsdom takes a good part of
 * a second and tens of megabytes to load, which a start (and most processes, which never see an
 * SVG) should not pay.
 */
function loadSanitizer(): Promise<Sanitizer> {
  sanitizer ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
      import('jsdom'),
      import('dompurify'),
    ]);
    const { window } = new JSDOM('');
    const purify = createDOMPurify(window as unknown as Window & typeof globalThis);
    // References to anything but the file itself or an embedded raster image go.
    purify.addHook('uponSanitizeAttribute', (_node, data) => {
      const name = data.attrName.toLowerCase();
      const value = data.attrValue.trim();
      if (name === 'href' || name === 'xlink:href') {
        if (!LOCAL_REFERENCE.test(value) && !EMBEDDED_IMAGE.test(value)) data.keepAttr = false;
      } else if (!staysInside(value)) {
        data.keepAttr = false;
      }
    });
    // A style sheet that would fetch something loses all its rules (they cannot be taken apart safely).
    purify.addHook('uponSanitizeElement', (node, data) => {
      // Emptied rather than detached: DOMPurify is walking the tree at this node.
      if (data.tagName === 'style' && !staysInside(node.textContent ?? '')) node.textContent = '';
    });
    const serializer = new window.XMLSerializer();
    return { purify, serialize: (node: Node) => serializer.serializeToString(node) };
  })();
  sanitizer.catch(() => (sanitizer = undefined));
  return sanitizer;
}

/**
 * An uploaded SVG made safe to serve (SECURITY.md, „Logos der Agenturen“): parsed as XML and
 * cleaned by DOMPurify's SVG profile – no scripts, no event handlers, no `foreignObject` (HTML
 * inside the image), no `use` – and, by our hooks, no reference to anything outside the file.
 * Returns the cleaned document as XML, or undefined when nothing usable is left (not
 * well-formed, or its root is not `<svg>`).
 */
export async function sanitizeSvg(text: string): Promise<string | undefined> {
  const { purify, serialize } = await loadSanitizer();
  // From the root element on: the prolog (declaration, DOCTYPE, comments) is not needed.
  const start = text.search(/<svg[\s>/]/i);
  if (start < 0) return undefined;
  const body = purify.sanitize(text.slice(start), {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'use'],
    PARSER_MEDIA_TYPE: 'image/svg+xml',
    RETURN_DOM: true,
  });
  const roots = [...body.childNodes].filter(
    (node) => node.nodeType !== 3 || (node.textContent ?? '').trim() !== '',
  );
  const [root] = roots;
  if (roots.length !== 1 || !root || root.nodeName.toLowerCase() !== 'svg') return undefined;
  return `${serialize(root)}\n`;
}
