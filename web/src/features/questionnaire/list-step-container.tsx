import type { StepDefinition } from '@fragewerk/engine/core';
import {
  DraftsContext,
  type FormData,
  ListStep,
  type ListItem,
  type UpdateResult,
} from '@fragewerk/engine/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../state/hooks.ts';
import { useDefinition } from '../../hooks/use-definition.ts';
import { useDrafts } from '../../hooks/use-drafts.ts';
import { useLeaveGuard } from '../../hooks/use-leave-guard.tsx';
import { errorBody, errorStatus } from '../../lib/api.ts';
import { projectsApi } from '../../lib/projects-api.ts';
import {
  questionnaireApi,
  reorderCachedItems,
  setCachedAnswers,
  useAddItemMutation,
  useDeleteItemMutation,
  useUpdateItemMutation,
} from '../../lib/questionnaire-api.ts';
import { showToast } from '../../lib/toasts.ts';
import { useProjectScope } from '../projects/project-context.ts';
import { useConflictChoice } from './use-conflict-choice.tsx';

/** docs/product.md#zustände: a changed order is saved 500 ms after the last move. */
export const ORDER_SAVE_DEBOUNCE_MS = 500;

/**
 * Connects a list step of the engine to the API: add, update (with conflicts and entries deleted
 * meanwhile), delete, order; and the leave question while an editor holds unsaved input.
 */
export function ListStepContainer({ step }: { step: StepDefinition }) {
  const { t } = useTranslation();
  const definition = useDefinition();
  const dispatch = useAppDispatch();
  const { project, editable } = useProjectScope();
  const kind = step.meta.key;
  const [addItem] = useAddItemMutation();
  const [updateItem] = useUpdateItemMutation();
  const [deleteItem] = useDeleteItemMutation();
  const { dialog, settle } = useConflictChoice(step);
  const [dirty, setDirty] = useState(false);
  const drafts = useDrafts(project.id);
  // Leaving without saving drops what the open editor kept.
  const leaveGuard = useLeaveGuard(dirty, {
    onLeave: () => drafts.slots(`${kind}:`).forEach((slot) => drafts.remove(slot)),
  });

  // The order is saved debounced; leaving the step – or the page: reload, closed tab – sends a
  // pending order at once instead of dropping it.
  const pendingOrder = useRef<{ timer: ReturnType<typeof setTimeout>; send: () => void }>(
    undefined,
  );
  useEffect(() => {
    const sendPendingOrder = () => {
      const pending = pendingOrder.current;
      if (!pending) return;
      clearTimeout(pending.timer);
      pending.send();
    };
    window.addEventListener('pagehide', sendPendingOrder);
    return () => {
      window.removeEventListener('pagehide', sendPendingOrder);
      sendPendingOrder();
    };
  }, []);

  const items = (Array.isArray(project[kind]) ? project[kind] : []) as ListItem[];

  const onAdd = async (data: FormData) => {
    const result = await addItem({ projectId: project.id, kind, data });
    return 'data' in result ? result.data : undefined;
  };

  /**
   * After a 404, the current list decides: when the entry is not in it any more, someone deleted
   * it meanwhile (docs/product.md#fehlermeldungen).
   */
  const deletedMeanwhile = async (item: ListItem) => {
    const { data: current } = await dispatch(
      projectsApi.endpoints.getProject.initiate(project.id, {
        forceRefetch: true,
        subscribe: false,
      }),
    );
    const list = current?.[kind];
    return Boolean(current && !(Array.isArray(list) && list.some(({ id }) => id === item.id)));
  };

  const onUpdate = async (item: ListItem, data: FormData): Promise<UpdateResult> => {
    // As in the form step: the entry as loaded is the base of the server's merge.
    const { id, version: loadedVersion, ...loaded } = item;
    let [version, base, mine] = [loadedVersion, loaded as Record<string, unknown>, data];
    for (;;) {
      const result = await updateItem({
        projectId: project.id,
        kind,
        id,
        version,
        base,
        data: mine,
      });
      if ('data' in result) return result.data;
      const status = errorStatus(result.error);
      if (status === 404) {
        const deleted = await deletedMeanwhile(item);
        dispatch(showToast('error', t(deleted ? 'questionnaire.itemDeleted' : 'errors.generic')));
        return deleted ? 'deleted' : undefined;
      }
      if (status !== 409) return undefined;
      const body = errorBody(result.error);
      const current = body?.data as ListItem | undefined;
      if (!current) return undefined;
      const { id: _id, version: storedVersion, ...theirs } = current;
      const settled = await settle(base, mine, theirs, body?.conflicts ?? []);
      if (settled === 'reload') {
        dispatch(setCachedAnswers(project.id, kind, current, true));
        return current;
      }
      [version, base, mine] = [storedVersion, theirs, settled];
    }
  };

  const onReorder = (order: string[]) => {
    if (!editable) return;
    dispatch(reorderCachedItems(project.id, kind, order));
    clearTimeout(pendingOrder.current?.timer);
    const projectId = project.id;
    const send = () => {
      pendingOrder.current = undefined;
      const request = dispatch(
        questionnaireApi.endpoints.reorderItems.initiate({ projectId, kind, order }),
      );
      // Started from here, not from a hook, so it outlives the step; its result is not kept.
      void request.then(() => request.reset());
    };
    pendingOrder.current = { timer: setTimeout(send, ORDER_SAVE_DEBOUNCE_MS), send };
  };

  return (
    <DraftsContext.Provider value={drafts}>
      <ListStep
        definition={definition}
        step={step}
        items={items}
        editable={editable}
        onAdd={onAdd}
        onUpdate={onUpdate}
        onDelete={(item) => void deleteItem({ projectId: project.id, kind, id: item.id })}
        onReorder={onReorder}
        onDirtyChange={setDirty}
      />
      {dialog}
      {leaveGuard}
    </DraftsContext.Provider>
  );
}
