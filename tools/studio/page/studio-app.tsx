import type { Definition } from '@fragewerk/engine/core';
import {
  EngineChecksProvider,
  EngineTextsProvider,
  type EngineTexts,
} from '@fragewerk/engine/react';
import { Component, type ReactNode, useEffect, useMemo, useState } from 'react';
// The engine's German texts from the product's own locale file, so the preview says the same.
import locale from '../../../web/src/locales/de.json';
import type { StudioState } from '../studio-state.ts';
import { answersKey, baseAnswers, type StepAnswers } from './answers.ts';
import { checksAt } from './checks.ts';
import { PresetsPage } from './presets-page.tsx';
import { ProblemsPanel } from './problems-panel.tsx';
import { ResultsPage } from './results-page.tsx';
import { StepPage } from './step-page.tsx';
import { type Connection, useStudioState } from './use-studio-state.ts';
import { type Place, usePlace } from './use-place.ts';

const engineTexts = locale.engine as EngineTexts;

/** A check module that fails to load (an old revision) shows a note until the next state. */
class PreviewBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <p className="studio-note">Die Vorschau wird gerade neu aufgebaut …</p>
    ) : (
      this.props.children
    );
  }
}

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('de-DE', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

function Status({ connection, state }: { connection: Connection; state: StudioState | null }) {
  const text =
    connection === 'lost'
      ? 'Verbindung zum Studio unterbrochen – neuer Versuch läuft …'
      : state
        ? `Live · Stand ${time(state.updatedAt)}`
        : 'Verbinde …';
  return (
    <p className={`studio-status is-${connection}`} role="status">
      <span className="studio-dot" aria-hidden="true" />
      {text}
    </p>
  );
}

/** The pages, for the navigation: every stage with its steps, then results and presets. */
function Navigation({
  definition,
  place,
  go,
  problems,
}: {
  definition: Definition | null;
  place: Place;
  go: (change: Partial<Place>) => void;
  problems: number;
}) {
  const current = place.page === 'schritt' ? `schritt:${place.step ?? ''}` : place.page;
  const link = (target: Partial<Place>, id: string, label: ReactNode) => (
    <a
      href={`#/${id.replace(':', '/')}`}
      aria-current={current === id ? 'page' : undefined}
      onClick={(event) => {
        event.preventDefault();
        go(target);
      }}
    >
      {label}
    </a>
  );
  const steps = definition?.stages.map((stage) => ({
    stage,
    steps: definition.steps.filter((step) => step.stage === stage.key),
  }));
  return (
    <nav className="studio-nav" aria-label="Studio">
      {steps?.map(({ stage, steps }) => (
        <div key={stage.key} className="studio-nav-group">
          <p className="studio-nav-stage">{stage.title}</p>
          <ul>
            {steps.map((step) => (
              <li key={step.meta.key}>
                {link(
                  { page: 'schritt', step: step.meta.key },
                  `schritt:${step.meta.key}`,
                  step.meta.title,
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div className="studio-nav-group">
        <p className="studio-nav-stage">Übersicht</p>
        <ul>
          <li>{link({ page: 'ergebnisse' }, 'ergebnisse', 'Ergebnisansicht')}</li>
          <li>{link({ page: 'presets' }, 'presets', 'Preset-Listen')}</li>
        </ul>
      </div>
      {problems > 0 ? (
        <p className="studio-nav-problems">
          <a href="#studio-problems-title">
            {problems === 1 ? '1 Problem' : `${problems} Probleme`}
          </a>
        </p>
      ) : null}
    </nav>
  );
}

/** The same pages as a drop-down, for narrow screens. */
function PagePicker({
  definition,
  place,
  go,
}: {
  definition: Definition | null;
  place: Place;
  go: (change: Partial<Place>) => void;
}) {
  const value = place.page === 'schritt' ? `schritt:${place.step ?? ''}` : place.page;
  return (
    <label className="studio-picker">
      <span>Seite</span>
      <select
        value={value}
        onChange={(event) => {
          const [page, step] = event.target.value.split(':');
          go(
            page === 'schritt' ? { page: 'schritt', step: step! } : { page: page as Place['page'] },
          );
        }}
      >
        {definition?.stages.map((stage) => (
          <optgroup key={stage.key} label={stage.title}>
            {definition.steps
              .filter((step) => step.stage === stage.key)
              .map((step) => (
                <option key={step.meta.key} value={`schritt:${step.meta.key}`}>
                  {step.meta.title}
                </option>
              ))}
          </optgroup>
        ))}
        {definition ? null : place.page === 'schritt' ? (
          <option value={value}>Schritt „{place.step ?? ''}“</option>
        ) : null}
        <optgroup label="Übersicht">
          <option value="ergebnisse">Ergebnisansicht</option>
          <option value="presets">Preset-Listen</option>
        </optgroup>
      </select>
    </label>
  );
}

/**
 * The catalogue's questionnaires, when it has more than one: picking one makes the server show and
 * watch that one (the page follows with the next state).
 */
function QuestionnairePicker({ state }: { state: StudioState | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  const ids = state?.questionnaires ?? [];
  if (!state?.questionnaire || ids.length < 2) return null;
  const pick = async (id: string) => {
    const response = await fetch('/fragebogen', { method: 'POST', body: id }).catch(() => null);
    setFailed(response?.ok ? null : ((await response?.text()) ?? 'Das Studio antwortet nicht.'));
  };
  return (
    <label className="studio-questionnaire">
      Fragebogen{' '}
      <select value={state.questionnaire} onChange={(event) => void pick(event.target.value)}>
        {ids.map((id) => (
          <option key={id} value={id}>
            {id}
          </option>
        ))}
      </select>
      {failed ? <span role="alert"> {failed}</span> : null}
    </label>
  );
}

export function StudioApp() {
  const { state, connection } = useStudioState();
  const [place, go] = usePlace();
  /** The editor's own changes to the answers, by {@link answersKey}. */
  const [edited, setEdited] = useState<Record<string, StepAnswers>>({});
  const definition = state?.definition ?? null;
  // While the files are broken, the navigation and the title keep the last definition that loaded.
  const [known, setKnown] = useState<Definition | null>(null);
  if (definition && definition !== known) setKnown(definition);
  const shown = definition ?? known;
  const checks = useMemo(
    () => (state?.checksUrl ? checksAt(state.checksUrl) : null),
    [state?.checksUrl],
  );

  const step =
    place.page === 'schritt' && definition
      ? (definition.steps.find((candidate) => candidate.meta.key === place.step) ??
        definition.steps[0])
      : undefined;
  const title =
    place.page === 'ergebnisse'
      ? 'Ergebnisansicht'
      : place.page === 'presets'
        ? 'Preset-Listen'
        : step?.meta.title;
  useEffect(() => {
    document.title = title ? `${title} – Fragewerk-Studio` : 'Fragewerk-Studio';
  }, [title]);

  const answersOf = (key: string): StepAnswers => {
    const target = definition?.steps.find((candidate) => candidate.meta.key === key);
    if (!target || !state) return [];
    const samples = state.samples[key];
    return edited[answersKey(key, samples, place)] ?? baseAnswers(target, samples, place);
  };
  const setAnswersOf = (key: string) => (answers: StepAnswers) =>
    setEdited((current) => ({
      ...current,
      [answersKey(key, state?.samples[key], place)]: answers,
    }));

  let page: ReactNode = null;
  if (state && definition && checks) {
    if (place.page === 'presets')
      page = (
        <PresetsPage
          lists={state.presetLists}
          goToStep={(key) => go({ page: 'schritt', step: key })}
        />
      );
    else if (place.page === 'ergebnisse')
      page = (
        <ResultsPage
          definition={definition}
          samples={state.samples}
          answersOf={answersOf}
          place={place}
          go={go}
        />
      );
    else if (step)
      page = (
        <StepPage
          definition={definition}
          step={step}
          samples={state.samples[step.meta.key]}
          place={place}
          go={go}
          answers={answersOf(step.meta.key)}
          onChange={setAnswersOf(step.meta.key)}
        />
      );
  }

  return (
    <EngineTextsProvider texts={engineTexts}>
      <header className="studio-header">
        <div className="studio-brand">
          <p className="studio-logo">
            Fragewerk<span>-Studio</span>
          </p>
          <p className="studio-definition" title={state?.definitionDir}>
            {shown ? `${shown.title} · Version ${shown.version}` : 'Definition'}
            {state ? <span className="studio-dir"> · {state.definitionDir}</span> : null}
          </p>
        </div>
        <QuestionnairePicker state={state} />
        <Status connection={connection} state={state} />
      </header>
      <div className="studio-body">
        <Navigation
          definition={definition}
          place={place}
          go={go}
          problems={state?.problems.length ?? 0}
        />
        <main className="studio-main" id="inhalt">
          <PagePicker definition={definition} place={place} go={go} />
          {state && state.problems.length > 0 ? (
            <ProblemsPanel
              problems={state.problems}
              paths={state.paths}
              previewShown={Boolean(definition)}
            />
          ) : null}
          {checks ? (
            <EngineChecksProvider checks={checks}>
              <PreviewBoundary key={state?.revision}>{page}</PreviewBoundary>
            </EngineChecksProvider>
          ) : state ? null : (
            <p className="studio-note">Das Studio liest die Definition …</p>
          )}
        </main>
      </div>
    </EngineTextsProvider>
  );
}
