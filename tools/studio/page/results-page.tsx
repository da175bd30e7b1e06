import type { Definition } from '@fragewerk/engine/core';
import { ResultsView } from '@fragewerk/engine/react';
import type { StepSamples } from '../studio-state.ts';
import { AnswerSwitches } from './answer-switches.tsx';
import { variantOf, type StepAnswers } from './answers.ts';
import type { Place } from './use-place.ts';

/** The whole results view with every step's answers, as the agency passes it on. */
export function ResultsPage({
  definition,
  samples,
  answersOf,
  place,
  go,
}: {
  definition: Definition;
  samples: Record<string, StepSamples>;
  answersOf: (step: string) => StepAnswers;
  place: Place;
  go: (change: Partial<Place>) => void;
}) {
  // The first step with variants offers them for all (the genders are the same list).
  const withContext = Object.values(samples).find((step) => step.context);
  const answers = Object.fromEntries(
    definition.steps.map((step) => [step.meta.key, answersOf(step.meta.key)]),
  );
  const today = new Date().toLocaleDateString('de-DE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return (
    <>
      <AnswerSwitches
        samples={withContext}
        place={place}
        go={go}
        variant={variantOf(withContext, place.variant)}
      />
      <ResultsView
        definition={definition}
        answers={answers}
        customer="Tischlerei Berger"
        project="Beispielprojekt im Studio"
        dateLine={`Briefing · Stand: ${today} · Fragebogen-Version ${definition.version}`}
        onPrint={() => window.print()}
      />
    </>
  );
}
