import type { StepDefinition } from '@fragewerk/engine/core';
import {
  DraftsContext,
  draftSlots,
  type FormData,
  FormStep,
  type FormStepControl,
} from '@fragewerk/engine/react';
import { useMemo, useRef, useState } from 'react';
import { useDrafts } from '../../hooks/use-drafts.ts';
import { useAppDispatch } from '../../state/hooks.ts';
import { useDefinition } from '../../hooks/use-definition.ts';
import { useLeaveGuard } from '../../hooks/use-leave-guard.tsx';
import { errorBody, errorStatus } from '../../lib/api.ts';
import {
  type FormAnswers,
  setCachedAnswers,
  useSaveFormMutation,
} from '../../lib/questionnaire-api.ts';
import { useProjectScope } from '../projects/project-context.ts';
import { useConflictChoice } from './use-conflict-choice.tsx';

/** Connects a form step of the engine to the API, with the conflict dialog and the leave guard. */
export function FormStepContainer({ step }: { step: StepDefinition }) {
  const definition = useDefinition();
  const dispatch = useAppDispatch();
  const { project, editable } = useProjectScope();
  const kind = step.meta.key;
  const cached = project[kind] as FormAnswers | undefined;
  const stored = useMemo(() => cached ?? { version: 0 }, [cached]);
  const data = useMemo(() => {
    const { version: _version, ...answers } = stored;
    return answers;
  }, [stored]);
  const [saveForm] = useSaveFormMutation();
  const [dirty, setDirty] = useState(false);
  const drafts = useDrafts(project.id);
  const control = useRef<FormStepControl>(null);
  const leaveGuard = useLeaveGuard(dirty, {
    save: control,
    onLeave: () => drafts.remove(draftSlots.form(kind)),
  });
  const { dialog, settle } = useConflictChoice(step);

  const onSave = async (answers: FormData): Promise<boolean> => {
    // The server merges a stale save with the fields as loaded (`base`); only fields both sides
    // changed differently come back as a 409 for the person to decide.
    let { version } = stored;
    let base: Record<string, unknown> = data;
    let mine: Record<string, unknown> = answers;
    for (;;) {
      const result = await saveForm({ projectId: project.id, kind, version, base, data: mine });
      if ('data' in result) return true;
      if (errorStatus(result.error) !== 409) return false;
      const body = errorBody(result.error);
      const current = body?.data as FormAnswers | undefined;
      if (!current) return false;
      const { version: storedVersion, ...theirs } = current;
      const settled = await settle(base, mine, theirs, body?.conflicts ?? []);
      if (settled === 'reload') {
        dispatch(setCachedAnswers(project.id, kind, current, false));
        return false;
      }
      [version, base, mine] = [storedVersion, theirs, settled];
    }
  };

  return (
    <DraftsContext.Provider value={drafts}>
      <FormStep
        definition={definition}
        step={step}
        data={data}
        version={stored.version}
        editable={editable}
        onSave={onSave}
        onDirtyChange={setDirty}
        control={control}
      />
      {dialog}
      {leaveGuard}
    </DraftsContext.Provider>
  );
}
