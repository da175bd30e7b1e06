import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { schemasDir } from '@fragewerk/schemas';
import { describe, expect, it } from 'vitest';
import { generateTypes } from './generate-types.ts';

describe('type generation', () => {
  it('matches the committed types in schemas/types/', async () => {
    const files = await generateTypes();
    expect(files.size).toBeGreaterThan(8);
    for (const [file, source] of files) {
      const committed = await readFile(path.join(schemasDir, 'types', file), 'utf8');
      expect(committed, file).toBe(source);
    }
  });

  it('types list items with snake_case fields and preset keys as strings', async () => {
    const source = (await generateTypes()).get('stakeholders.ts')!;
    expect(source).toContain('is_external: boolean;');
    expect(source).toContain('importance: number;');
    expect(source).toContain('custom_type?: string | null;');
  });

  it('types the API responses of schemas/api/, referring to each other by type name', async () => {
    const files = await generateTypes();
    const project = files.get('api/project.ts')!;
    expect(project).toContain("import type { ProjectSummaryJson } from './project-summary.ts';");
    expect(project).toContain('export type ProjectJson = ProjectSummaryJson & {');
    // The step keys depend on the definition: beyond the named fields, values stay unknown.
    expect(project).toContain('[k: string]: unknown | undefined;');
    expect(files.get('api/user.ts')).toContain('contact_name: string | null;');
  });

  it('maps every form name to its type', async () => {
    const index = (await generateTypes()).get('index.ts')!;
    expect(index).toContain("'new-project': NewProjectForm;");
    expect(index).toContain('account: AccountForm;');
  });
});
