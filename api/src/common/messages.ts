import messages from '../locale/de.json' with { type: 'json' };

type Tree = { [key: string]: string | Tree };

/**
 * A German text of the server by dotted key (`errors.archived`), with `{name}` placeholders filled.
 * The texts live in `api/locale/de.json`, not in code.
 */
export function t(key: string, values: Record<string, string | number> = {}): string {
  let node: string | Tree | undefined = messages as Tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`Fehlender Text: ${key}`);
  return node.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
