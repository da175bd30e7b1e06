import { readFileSync } from 'node:fs';
import path from 'node:path';
import { schemasDir } from '@fragewerk/schemas';
import { describe, expect, it } from 'vitest';
import { PROJECT_FIELDS } from './project-fields.ts';

const propertiesOf = (file: string) =>
  Object.keys(
    (
      JSON.parse(readFileSync(path.join(schemasDir, 'api', file), 'utf8')) as {
        properties: Record<string, unknown>;
      }
    ).properties,
  );

describe('PROJECT_FIELDS', () => {
  it("are the properties of a project's JSON, as its schemas declare them", () => {
    expect([...PROJECT_FIELDS].sort()).toEqual(
      [
        ...new Set([
          ...propertiesOf('project-summary.schema.json'),
          ...propertiesOf('project.schema.json'),
        ]),
      ].sort(),
    );
  });
});
