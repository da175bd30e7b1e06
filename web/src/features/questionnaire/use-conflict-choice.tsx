import type { StepDefinition } from '@fragewerk/engine/core';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useDefinition } from '../../hooks/use-definition.ts';
import type { ConflictChoice } from './conflict-dialog.tsx';
import type { FieldConflict, Fields } from './conflict-fields.ts';

// A conflict is rare: the dialog and the merge load when one happens, not with every step (the
// share-link route's bundle budget).
const ConflictDialog = lazy(() =>
  import('./conflict-dialog.tsx').then((module) => ({ default: module.ConflictDialog })),
);
const conflictFields = () => import('./conflict-fields.ts');

/**
 * docs/product.md#gleichzeitiges-bearbeiten: after a 409, fields only one side changed are merged
 * without asking; for the fields both changed differently (the server's `conflicts`) the person
 * decides per field – or loads the current state. Nothing typed is dropped without that choice.
 * Returns the dialog to render and `settle`, which resolves with the fields to save against the
 * stored version, or `reload`.
 */
export function useConflictChoice(step: StepDefinition) {
  const definition = useDefinition();
  const [fields, setFields] = useState<FieldConflict[]>();
  const resolver = useRef<(choice: ConflictChoice) => void>(undefined);
  const ask = useCallback(
    (conflicts: FieldConflict[]) =>
      new Promise<ConflictChoice>((resolve) => {
        resolver.current = resolve;
        setFields(conflicts);
      }),
    [],
  );
  const choose = (choice: ConflictChoice) => {
    setFields(undefined);
    resolver.current?.(choice);
  };

  /** `base`: the fields as loaded; `mine`: as typed; `theirs`: as stored now. */
  const settle = async (
    base: Fields,
    mine: Fields,
    theirs: Fields,
    conflicts: string[],
  ): Promise<Fields | 'reload'> => {
    const { combine, conflictRows, conflictTexts } = await conflictFields();
    if (conflicts.length === 0) return combine(base, theirs, mine, {});
    const { empty, yes, no } = conflictTexts.conflict;
    const texts = { empty, yes, no };
    const choice = await ask(conflictRows(definition, step, conflicts, mine, theirs, texts));
    return choice === 'reload' ? 'reload' : combine(base, theirs, mine, choice);
  };

  const dialog = fields ? (
    <Suspense fallback={null}>
      <ConflictDialog fields={fields} onChoose={choose} />
    </Suspense>
  ) : null;
  return { dialog, settle };
}
