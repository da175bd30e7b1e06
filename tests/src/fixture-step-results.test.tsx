// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { rm } from 'node:fs/promises';
import { render, screen } from '@testing-library/react';
import { loadDefinition } from '@fragewerk/engine/core';
import {
  DEFAULT_QUESTIONNAIRE,
  questionnaireDirs,
  readDefinitionDir,
} from '@fragewerk/engine/core/node';
import { EngineTextsProvider, ResultsView } from '@fragewerk/engine/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { GERMAN_TEXTS } from '../../engine/src/react/test/german-texts.ts';
import { createFixtureDefinitionDir, FIXTURE_STEP } from './fixture-definition.ts';

const dir = await createFixtureDefinitionDir();
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the results view of a step added as files', () => {
  it('shows the fixture step in its stage with its own prose and presets', async () => {
    const definition = loadDefinition(
      await readDefinitionDir(questionnaireDirs(dir, DEFAULT_QUESTIONNAIRE)),
    );
    render(
      <EngineTextsProvider texts={GERMAN_TEXTS}>
        <ResultsView
          definition={definition}
          answers={{
            [FIXTURE_STEP]: [
              {
                id: '1',
                version: 1,
                channel: 'trade_fair',
                purpose: 'Neukunden treffen',
                importance: 4,
              },
            ],
          }}
          customer="Kunde"
          project="Projekt"
          dateLine="Stand"
          onPrint={vi.fn()}
        />
      </EngineTextsProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Kommunikationskanäle' })).toBeInTheDocument();
    expect(screen.getByText('Messe')).toBeInTheDocument();
    expect(screen.getByText('Zweck: Neukunden treffen')).toBeInTheDocument();
  });
});
