import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cwd = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd });

async function restrictedImports(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${cwd}/${file}` });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('one-way dependencies (DESIGN §1)', () => {
  it.each([
    ['engine/src/core/x.ts', "import { useState } from 'react';"],
    ['engine/src/core/x.ts', "import { createApi } from '@reduxjs/toolkit/query';"],
    ['engine/src/core/x.ts', "import { Controller } from '@nestjs/common';"],
    ['engine/src/core/x.ts', "import { Form } from '../react/form.tsx';"],
    ['engine/src/react/x.tsx', "import { api } from '@fragewerk/web/api';"],
    ['api/src/x.ts', "import { StepForm } from '@fragewerk/engine/react';"],
    ['api/src/x.ts', "import { Link } from 'react-router-dom';"],
    [
      'web/src/x.ts',
      "import { ProjectsService } from '../../api/src/projects/projects.service.ts';",
    ],
    ['schemas/src/x.ts', "import { loadDefinition } from '@fragewerk/engine/core';"],
    ['engine/src/core/x.ts', "import { helper } from '../../../tests/src/fixture-definition.ts';"],
  ])('forbids %s: %s', async (file, source) => {
    expect(await restrictedImports(file, source)).toHaveLength(1);
  });

  it.each([
    ['engine/src/core/x.ts', "import { presetsDir } from '@fragewerk/presets';"],
    ['engine/src/react/x.tsx', "import { loadDefinition } from '@fragewerk/engine/core';"],
    ['api/src/x.ts', "import { createValidator } from '@fragewerk/engine/core';"],
    ['web/src/x.ts', "import { formatDate } from '@fragewerk/engine/core';"],
    ['tests/src/x.ts', "import { lintDefinition } from '../../tools/src/lint-definition.ts';"],
  ])('allows %s: %s', async (file, source) => {
    expect(await restrictedImports(file, source)).toEqual([]);
  });
});
