import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { compileChecks, loadDefinition } from '../../core/index.ts';
import { FIXTURE_WIDGETS, readFixture } from '../../core/test/fixture-catalogue.ts';
import { EngineChecksProvider, readyChecks } from '../engine-checks.tsx';
import { preloadLazyComponents } from '../lazy-with-preload.tsx';
import { EngineTextsProvider } from '../engine-texts.tsx';
import { GERMAN_TEXTS } from './german-texts.ts';

/**
 * The fixture questionnaire with every widget the component tests drive (fixture-widgets), and
 * its checks compiled once: rewording a shipped questionnaire never breaks these tests.
 */
export const testDefinition = loadDefinition(await readFixture(FIXTURE_WIDGETS));
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
