import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyWithPreload } from '../lazy-with-preload.tsx';
import type { Definition, ListGroup, StepDefinition } from '../../core/index.ts';
import { displayValues } from '../../core/index.ts';
import { useEngineTexts } from '../engine-texts.tsx';
import { ArrowDownIcon, ArrowUpIcon, DragIcon, EditIcon, PlusIcon, TrashIcon } from '../icons.tsx';
import { ConfirmDialog } from '../overlay/confirm-dialog.tsx';
import { Dialog } from '../overlay/dialog.tsx';
import type { FormData } from '../schema-form.tsx';
import { ItemCard } from './item-card.tsx';

import { HIGHLIGHT_MS, type ListItem } from './list-types.ts';
import { SortableList } from './sortable-list.tsx';

// The editor brings rjsf; it loads when first opened, while the list is usable at once.
const ItemEditor = lazyWithPreload(() =>
  import('./item-editor.tsx').then((module) => module.ItemEditor),
);
const loading = <span className="spinner" role="status" aria-hidden="true" />;

export interface ListStepProps {
  definition: Definition;
  step: StepDefinition;
  items: ListItem[];
  editable: boolean;
  /** Saves a new entry; resolves with it, or undefined when it was not saved. */
  onAdd: (data: FormData) => Promise<ListItem | undefined>;
  /** Saves a changed entry; resolves with it, or undefined when it was not saved. */
  onUpdate: (item: ListItem, data: FormData) => Promise<ListItem | undefined>;
  /** The entry leaves the list at once; the app then tells the server. */
  onDelete: (item: ListItem) => void;
  /** The new order of all entries (ids); the app saves it, debounced. */
  onReorder: (ids: string[]) => void;
}

type Group = Pick<ListGroup, 'key' | 'addLabel'> & { value?: ListGroup['value']; heading?: string };

/** The answers of an item without its envelope, for the editor. */
const answersOf = ({ id: _id, version: _version, ...data }: ListItem): FormData => data;

/**
 * A list step (stakeholders, competitors, goals, user stories, personas, or any list step of the
 * definition): groups, sortable entries with keyboard move buttons, the inline add editor, the
 * edit overlay, the delete confirmation and a short highlight of new and changed entries.
 */
export function ListStep({
  definition,
  step,
  items,
  editable,
  onAdd,
  onUpdate,
  onDelete,
  onReorder,
}: ListStepProps) {
  const texts = useEngineTexts();
  const list = step.meta.list!;
  const groupBy = list.groupBy;
  const groups: Group[] = list.groups ?? [{ key: 'all', addLabel: list.addLabel ?? texts.add }];
  const [adding, setAdding] = useState<string | null>(null);
  const [editing, setEditing] = useState<ListItem | null>(null);
  const [deleting, setDeleting] = useState<ListItem | null>(null);
  const [highlight, setHighlight] = useState<Record<string, 'new' | 'updated'>>({});
  const [focusAfterMove, setFocusAfterMove] = useState<string | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const mark = (id: string, kind: 'new' | 'updated') => {
    setHighlight((current) => ({ ...current, [id]: kind }));
    timers.current.push(
      setTimeout(() => setHighlight(({ [id]: _done, ...rest }) => rest), HIGHLIGHT_MS),
    );
  };

  const itemsOf = (group: Group) =>
    groupBy ? items.filter((item) => item[groupBy] === group.value) : items;
  const titleOf = (item: ListItem) => {
    const value = displayValues(definition, step, item)[list.card.title];
    return Array.isArray(value) ? value.join(', ') : String(value ?? '');
  };

  const move = (group: Group, from: number, to: number) => {
    const ids = itemsOf(group).map((item) => item.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved!);
    onReorder(
      groups.flatMap((candidate) =>
        candidate === group ? ids : itemsOf(candidate).map((item) => item.id),
      ),
    );
  };

  useEffect(() => {
    if (!focusAfterMove) return;
    document.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove}"]`)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, items]);

  const add = async (group: Group, data: FormData) => {
    const saved = await onAdd(groupBy ? { ...data, [groupBy]: group.value } : data);
    if (!saved) return false;
    setAdding(null);
    mark(saved.id, 'new');
    return true;
  };

  const update = async (item: ListItem, data: FormData) => {
    const saved = await onUpdate(item, data);
    if (!saved) return false;
    setEditing(null);
    mark(saved.id, 'updated');
    return true;
  };

  return (
    <div className="list-step">
      {groups.map((group) => {
        const groupItems = itemsOf(group);
        const heading = group.heading;
        return (
          <section key={group.key} className="list-group" aria-label={heading ?? step.meta.title}>
            {heading ? <h2 className="list-group-heading">{heading}</h2> : null}
            {groupItems.length === 0 ? <p className="empty">{list.emptyText}</p> : null}
            <SortableList
              items={groupItems}
              keyOf={(item) => item.id}
              sortable={editable}
              label={heading ?? step.meta.title}
              onMove={(from, to) => move(group, from, to)}
              renderItem={(item, index) => (
                <div className={`item${highlight[item.id] ? ` is-${highlight[item.id]}` : ''}`}>
                  {editable ? (
                    <span className="drag-handle" title={texts.dragHandle} aria-hidden="true">
                      <DragIcon />
                    </span>
                  ) : null}
                  <ItemCard definition={definition} step={step} item={item} />
                  {editable ? (
                    <div
                      className="item-actions"
                      role="group"
                      aria-label={`${texts.itemActions}: ${titleOf(item)}`}
                    >
                      <button
                        type="button"
                        className="icon-button"
                        data-move={`${item.id}-up`}
                        disabled={index === 0}
                        aria-label={`${texts.moveUp}: ${titleOf(item)}`}
                        onClick={() => {
                          move(group, index, index - 1);
                          setFocusAfterMove(`${item.id}-up`);
                        }}
                      >
                        <ArrowUpIcon />
                      </button>
                      <button
                        type="button"
                        className="icon-button"
                        data-move={`${item.id}-down`}
                        disabled={index === groupItems.length - 1}
                        aria-label={`${texts.moveDown}: ${titleOf(item)}`}
                        onClick={() => {
                          move(group, index, index + 1);
                          setFocusAfterMove(`${item.id}-down`);
                        }}
                      >
                        <ArrowDownIcon />
                      </button>
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`${texts.edit}: ${titleOf(item)}`}
                        onClick={() => setEditing(item)}
                      >
                        <EditIcon />
                      </button>
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`${texts.delete}: ${titleOf(item)}`}
                        onClick={() => setDeleting(item)}
                      >
                        <TrashIcon />
                      </button>
                    </div>
                  ) : null}
                </div>
              )}
            />
            {editable && adding === group.key ? (
              <div className="inline-editor" role="region" aria-label={list.newTitle}>
                <h3>{list.newTitle}</h3>
                <Suspense fallback={loading}>
                  <ItemEditor
                    definition={definition}
                    step={step}
                    initial={groupBy ? { [groupBy]: group.value } : {}}
                    submitLabel={list.addButton}
                    onSubmit={(data) => add(group, data)}
                    onCancel={() => setAdding(null)}
                    idPrefix={`new-${step.meta.key}-${group.key}`}
                  />
                </Suspense>
              </div>
            ) : null}
            {editable && adding !== group.key ? (
              <button
                type="button"
                className="button button-secondary add-button"
                onClick={() => setAdding(group.key)}
              >
                <PlusIcon />
                {group.addLabel}
              </button>
            ) : null}
          </section>
        );
      })}
      {editing ? (
        <Dialog title={list.editTitle} onClose={() => setEditing(null)} wide>
          <Suspense fallback={loading}>
            <ItemEditor
              definition={definition}
              step={step}
              initial={answersOf(editing)}
              stored
              submitLabel={list.saveButton}
              onSubmit={(data) => update(editing, data)}
              onCancel={() => setEditing(null)}
              idPrefix={`edit-${editing.id}`}
            />
          </Suspense>
        </Dialog>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={texts.deleteTitle}
          text={texts.deleteText}
          confirmLabel={texts.delete}
          danger
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            onDelete(deleting);
            setDeleting(null);
          }}
        />
      ) : null}
    </div>
  );
}
