import type { StepDefinition } from '@fragewerk/engine/core';
import { type FormData, ListStep, type ListItem } from '@fragewerk/engine/react';
import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../app/store.ts';
import { useDefinition } from '../../hooks/use-definition.ts';
import { errorBody, errorStatus } from '../../lib/api.ts';
import {
  reorderCachedItems,
  setCachedAnswers,
  useAddItemMutation,
  useDeleteItemMutation,
  useReorderItemsMutation,
  useUpdateItemMutation,
} from '../../lib/questionnaire-api.ts';
import { useProjectScope } from '../projects/project-context.ts';
import { useConflictChoice } from './use-conflict-choice.tsx';

/** docs/product.md#zustände: a changed order is saved 500 ms after the last move. */
export const ORDER_SAVE_DEBOUNCE_MS = 500;

/** Connects a list step of the engine to the API: add, update (with conflicts), delete, order. */
export function ListStepContainer({ step }: { step: StepDefinition }) {
  const definition = useDefinition();
  const dispatch = useAppDispatch();
  const { project, editable } = useProjectScope();
  const kind = step.meta.key;
  const [addItem] = useAddItemMutation();
  const [updateItem] = useUpdateItemMutation();
  const [deleteItem] = useDeleteItemMutation();
  const [reorderItems] = useReorderItemsMutation();
  const { dialog, ask } = useConflictChoice();
  const pendingOrder = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pendingOrder.current), []);

  const items = (Array.isArray(project[kind]) ? project[kind] : []) as ListItem[];

  const onAdd = async (data: FormData) => {
    const result = await addItem({ projectId: project.id, kind, data });
    return 'data' in result ? result.data : undefined;
  };

  const onUpdate = async (item: ListItem, data: FormData): Promise<ListItem | undefined> => {
    let version = item.version;
    for (;;) {
      const result = await updateItem({ projectId: project.id, kind, id: item.id, version, data });
      if ('data' in result) return result.data;
      if (errorStatus(result.error) !== 409) return undefined;
      const current = errorBody(result.error)?.data as ListItem | undefined;
      if (!current) return undefined;
      if ((await ask()) === 'overwrite') {
        version = current.version;
        continue;
      }
      dispatch(setCachedAnswers(project.id, kind, current, true));
      return current;
    }
  };

  const onReorder = (order: string[]) => {
    if (!editable) return;
    dispatch(reorderCachedItems(project.id, kind, order));
    clearTimeout(pendingOrder.current);
    pendingOrder.current = setTimeout(
      () => void reorderItems({ projectId: project.id, kind, order }),
      ORDER_SAVE_DEBOUNCE_MS,
    );
  };

  return (
    <>
      <ListStep
        definition={definition}
        step={step}
        items={items}
        editable={editable}
        onAdd={onAdd}
        onUpdate={onUpdate}
        onDelete={(item) => void deleteItem({ projectId: project.id, kind, id: item.id })}
        onReorder={onReorder}
      />
      {dialog}
    </>
  );
}
