import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { EngineTextsProvider } from '../engine-texts.tsx';
import { GERMAN_TEXTS } from './german-texts.ts';

/** Renders an engine component with the German texts, and a user to drive it. */
export function renderWithTexts(ui: ReactElement) {
  return {
    ...render(<EngineTextsProvider texts={GERMAN_TEXTS}>{ui}</EngineTextsProvider>),
    user: userEvent.setup(),
  };
}
