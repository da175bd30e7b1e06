import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { compileChecks, loadDefinition } from '../../core/index.ts';
import { definitionDirsAbove, readDefinitionDir } from '../../core/node/index.ts';
import { EngineChecksProvider, readyChecks } from '../engine-checks.tsx';
import { preloadLazyComponents } from '../lazy-with-preload.tsx';
import { EngineTextsProvider } from '../engine-texts.tsx';
import { GERMAN_TEXTS } from './german-texts.ts';

/** The repository's definition, and its checks compiled once for the component tests. */
export const testDefinition = loadDefinition(
  await readDefinitionDir(definitionDirsAbove(process.cwd())),
);
const checks = readyChecks(compileChecks(testDefinition));
await preloadLazyComponents();

/** Renders an engine component with the German texts and the checks, and a user to drive it. */
export function renderWithTexts(ui: ReactElement) {
  return {
    ...render(
      <EngineTextsProvider texts={GERMAN_TEXTS}>
        <EngineChecksProvider checks={checks}>{ui}</EngineChecksProvider>
      </EngineTextsProvider>,
    ),
    user: userEvent.setup(),
  };
}
