import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultDefinitionDirs } from '@fragewerk/engine/core/node';
import { describe, expect, it } from 'vitest';
import { generateTypes } from './generate-types.ts';

describe('type generation', () => {
  it('matches the committed types in schemas/types/', async () => {
    const files = await generateTypes();
    expect(files.size).toBeGreaterThan(8);
    for (const [file, source] of files) {
      const committed = await readFile(
        path.join(defaultDefinitionDirs.schemasDir, 'types', file),
        'utf8',
      );
      expect(committed, file).toBe(source);
    }
  });

  it('types list items with snake_case fields and preset keys as strings', async () => {
    const source = (await generateTypes()).get('stakeholders.ts')!;
    expect(source).toContain('is_external: boolean;');
    expect(source).toContain('importance: number;');
    expect(source).toContain('custom_type?: string | null;');
  });
});
