import type { StepDefinition } from '@fragewerk/engine/core';
import { type FormData, FormStep } from '@fragewerk/engine/react';
import { useMemo, useState } from 'react';
import { useAppDispatch } from '../../app/store.ts';
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
  const leaveGuard = useLeaveGuard(dirty);
  const { dialog, ask } = useConflictChoice();

  const onSave = async (answers: FormData): Promise<boolean> => {
    let version = stored.version;
    for (;;) {
      const result = await saveForm({ projectId: project.id, kind, version, data: answers });
      if ('data' in result) return true;
      if (errorStatus(result.error) !== 409) return false;
      const current = errorBody(result.error)?.data as FormAnswers | undefined;
      if (!current) return false;
      if ((await ask()) === 'overwrite') {
        version = current.version;
        continue;
      }
      dispatch(setCachedAnswers(project.id, kind, current, false));
      return false;
    }
  };

  return (
    <>
      <FormStep
        definition={definition}
        step={step}
        data={data}
        editable={editable}
        onSave={onSave}
        onDirtyChange={setDirty}
      />
      {dialog}
      {leaveGuard}
    </>
  );
}
