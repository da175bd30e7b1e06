import { ProseRenderer, type Definition, type StepDefinition } from '@fragewerk/engine/core';
import {
  FormStep,
  ListStep,
  Markdown,
  StepResults,
  type FormData,
  type ListItem,
} from '@fragewerk/engine/react';
import { Suspense, useMemo, useRef } from 'react';
import type { StepSamples } from '../studio-state.ts';
import { type StepAnswers, variantOf } from './answers.ts';
import { AnswerSwitches } from './answer-switches.tsx';
import type { Place } from './use-place.ts';

/** The customer's view of one step, working, with its own answers (nothing is sent anywhere). */
function StepPreview({
  definition,
  step,
  answers,
  onChange,
}: {
  definition: Definition;
  step: StepDefinition;
  answers: StepAnswers;
  onChange: (answers: StepAnswers) => void;
}) {
  const counter = useRef(0);
  if (step.meta.kind !== 'list')
    return (
      <FormStep
        definition={definition}
        step={step}
        data={answers as FormData}
        editable
        onSave={async (data) => {
          onChange(data);
          return true;
        }}
      />
    );
  const items = answers as ListItem[];
  return (
    <ListStep
      definition={definition}
      step={step}
      items={items}
      editable
      onAdd={async (data) => {
        counter.current += 1;
        const item: ListItem = { ...data, id: `neu-${counter.current}`, version: 1 };
        onChange([...items, item]);
        return item;
      }}
      onUpdate={async (item, data) => {
        const saved: ListItem = { ...data, id: item.id, version: item.version + 1 };
        onChange(items.map((candidate) => (candidate.id === item.id ? saved : candidate)));
        return saved;
      }}
      onDelete={(item) => onChange(items.filter((candidate) => candidate.id !== item.id))}
      onReorder={(ids) =>
        onChange(ids.flatMap((id) => items.filter((candidate) => candidate.id === id)))
      }
    />
  );
}

/**
 * One step as the customer sees it – heading, list or form, help text – beside the sentences the
 * results view makes of the same answers. Changing an answer in the preview changes the prose.
 */
export function StepPage({
  definition,
  step,
  samples,
  place,
  go,
  answers,
  onChange,
}: {
  definition: Definition;
  step: StepDefinition;
  samples: StepSamples | undefined;
  place: Place;
  go: (change: Partial<Place>) => void;
  answers: StepAnswers;
  onChange: (answers: StepAnswers) => void;
}) {
  const prose = useMemo(() => new ProseRenderer(definition), [definition]);
  const variant = variantOf(samples, place.variant);
  return (
    <>
      <AnswerSwitches samples={samples} place={place} go={go} variant={variant}>
        <p className="studio-source">
          {samples?.source === 'file'
            ? `Beispiele aus schemas/steps/${step.meta.key}/samples.de.json`
            : 'Beispiele aus Schema und Presets erzeugt'}
        </p>
      </AnswerSwitches>
      <div className="studio-columns">
        <section className="studio-pane" aria-labelledby="studio-preview-label">
          <h2 id="studio-preview-label" className="studio-pane-label">
            So sieht es die Kundschaft
          </h2>
          <div className="studio-frame">
            <p className="studio-kicker">{step.meta.title}</p>
            <h1 className="studio-step-heading">{step.meta.heading}</h1>
            <Suspense fallback={<span className="spinner" role="status" aria-label="Lädt" />}>
              <StepPreview
                // A new step or other switches start with their own answers and a closed editor.
                key={`${step.meta.key}|${variant}|${place.answers}`}
                definition={definition}
                step={step}
                answers={answers}
                onChange={onChange}
              />
            </Suspense>
            <aside className="studio-help" aria-label={`Hilfe: ${step.meta.title}`}>
              <Markdown source={step.help} />
            </aside>
          </div>
        </section>
        <section className="studio-pane" aria-labelledby="studio-prose-label">
          <h2 id="studio-prose-label" className="studio-pane-label">
            In der Ergebnisansicht
          </h2>
          <div className="results studio-results">
            <StepResults definition={definition} step={step} answers={answers} prose={prose} />
          </div>
        </section>
      </div>
    </>
  );
}
