import {
  type KeyboardEvent,
  Suspense,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { lazyWithPreload } from '../lazy-with-preload.tsx';
import type { Definition, ListGroup, StepDefinition } from '../../core/index.ts';
import { displayValues } from '../../core/index.ts';
import { useEngineTexts } from '../engine-texts.tsx';
import {
  ARROW_DOWN_SHAPE,
  ARROW_UP_SHAPE,
  DRAG_SHAPE,
  EDIT_SHAPE,
  EYE_SHAPE,
  PlusIcon,
  TRASH_SHAPE,
} from '../icons.tsx';
import { ImageIcon } from '../image-icon.tsx';
import { draftSlots, useDraftStore } from '../drafts.tsx';
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

/** What saving a changed entry came to: the saved entry, `deleted` (someone removed it), or nothing. */
export type UpdateResult = ListItem | 'deleted' | undefined;

export interface ListStepProps {
  definition: Definition;
  step: StepDefinition;
  items: ListItem[];
  editable: boolean;
  /** Saves a new entry; resolves with it, or undefined when it was not saved. */
  onAdd: (data: FormData) => Promise<ListItem | undefined>;
  /**
   * Saves a changed entry; resolves with it, `deleted` when it no longer exists (the overlay
   * closes; the app says so), or undefined when it was not saved (the overlay stays open).
   */
  onUpdate: (item: ListItem, data: FormData) => Promise<UpdateResult>;
  /** The entry leaves the list at once; the app then tells the server. */
  onDelete: (item: ListItem) => void;
  /** The new order of all entries (ids); the app saves it, debounced. */
  onReorder: (ids: string[]) => void;
  /** Reports whether an open editor holds unsaved input (for the leave-page question). */
  onDirtyChange?: (dirty: boolean) => void;
}

type Group = Pick<ListGroup, 'key' | 'addLabel'> & { value?: ListGroup['value']; heading?: string };

/** An entry picked up with the keyboard: its group's order while it moves, and where it started. */
interface Grab {
  group: string;
  id: string;
  order: string[];
  from: number;
}

/** The entries' action icons: the text colour of `.item-actions .icon-button`, darker on hover. */
const ACTION_ICON = { color: '--fw-ink-soft', hoverColor: '--fw-ink' } as const;

/** Where focus goes once the list has rendered (a selector): an entry's card, a button. */
const cardOf = (id: string) => `[data-item="${id}"]`;
const addButtonOf = (group: string) => `[data-add="${group}"]`;

/** The answers of an item without its envelope, for the editor. */
const answersOf = ({ id: _id, version: _version, ...data }: ListItem): FormData => data;

/**
 * A list step (stakeholders, competitors, goals, user stories, personas, or any list step of the
 * definition): groups, sortable entries (drag, the move buttons, or the drag handle by keyboard),
 * the inline add editor, the edit overlay, the delete confirmation and a short highlight of new and
 * changed entries. Focus follows the work: into a new editor, onto a saved card, onto the
 * neighbour of a deleted one.
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
  onDirtyChange,
}: ListStepProps) {
  const texts = useEngineTexts();
  const list = step.meta.list!;
  const groupBy = list.groupBy;
  const groups: Group[] = list.groups ?? [{ key: 'all', addLabel: list.addLabel ?? texts.add }];
  const root = useRef<HTMLDivElement>(null);
  const helpId = useId();
  const [adding, setAdding] = useState<string | null>(null);
  const [editing, setEditing] = useState<ListItem | null>(null);
  // Where nothing may be changed (an approved project), an entry still opens, read only.
  const [viewing, setViewing] = useState<ListItem | null>(null);
  const [deleting, setDeleting] = useState<ListItem | null>(null);
  // The entry in the edit overlay was deleted by someone else meanwhile: it can be saved as new.
  const [editingDeleted, setEditingDeleted] = useState(false);
  // An editor with unsaved input about to be closed: the question first.
  const [discarding, setDiscarding] = useState<{ close: () => void; slot: string } | null>(null);
  const drafts = useDraftStore();
  const [dirty, setDirty] = useState({ adding: false, editing: false });
  const [highlight, setHighlight] = useState<Record<string, 'new' | 'updated'>>({});
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const [grab, setGrab] = useState<Grab | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const anyDirty = dirty.adding || dirty.editing;
  const reportDirty = useRef(onDirtyChange);
  reportDirty.current = onDirtyChange;
  useEffect(() => reportDirty.current?.(anyDirty), [anyDirty]);

  const mark = (id: string, kind: 'new' | 'updated') => {
    setHighlight((current) => ({ ...current, [id]: kind }));
    timers.current.push(
      setTimeout(() => setHighlight(({ [id]: _done, ...rest }) => rest), HIGHLIGHT_MS),
    );
  };

  const storedItemsOf = (group: Group) =>
    groupBy ? items.filter((item) => item[groupBy] === group.value) : items;
  // While an entry is carried by keyboard, its group shows the order it would get.
  const itemsOf = (group: Group) => {
    const stored = storedItemsOf(group);
    if (grab?.group !== group.key) return stored;
    const byId = new Map(stored.map((item) => [item.id, item]));
    return [
      ...grab.order.flatMap((id) => byId.get(id) ?? []),
      ...stored.filter((item) => !grab.order.includes(item.id)),
    ];
  };
  const titleOf = (item: ListItem) => {
    const value = displayValues(definition, step, item)[list.card.title];
    return Array.isArray(value) ? value.join(', ') : String(value ?? '');
  };

  /** Reports a group's new order (ids) together with the other groups' unchanged ones. */
  const reorder = (group: Group, ids: string[]) =>
    onReorder(
      groups.flatMap((candidate) =>
        candidate === group ? ids : storedItemsOf(candidate).map((item) => item.id),
      ),
    );

  const move = (group: Group, from: number, to: number) => {
    const ids = storedItemsOf(group).map((item) => item.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved!);
    reorder(group, ids);
  };

  // Kept until the target exists: a new entry appears once the app has stored it. A moved entry's
  // button may have lost focus when React moved its row.
  useEffect(() => {
    if (!focusTarget) return;
    const element = root.current?.querySelector<HTMLElement>(focusTarget);
    if (!element) return;
    element.focus();
    setFocusTarget(null);
  }, [focusTarget, items, adding]);

  /** After an entry leaves: its next neighbour, else the previous one, else the add button. */
  const focusNeighbourOf = (item: ListItem) => {
    const group =
      groups.find((candidate) => storedItemsOf(candidate).some(({ id }) => id === item.id)) ??
      groups[0]!;
    const siblings = storedItemsOf(group);
    const index = siblings.findIndex(({ id }) => id === item.id);
    const neighbour = siblings[index + 1] ?? siblings[index - 1];
    setFocusTarget(neighbour ? cardOf(neighbour.id) : addButtonOf(group.key));
  };

  const add = async (group: Group, data: FormData) => {
    const saved = await onAdd(groupBy ? { ...data, [groupBy]: group.value } : data);
    if (!saved) return false;
    setAdding(null);
    mark(saved.id, 'new');
    setFocusTarget(cardOf(saved.id));
    return true;
  };

  /** An entry deleted meanwhile, saved from its overlay as a new entry of its group. */
  const addAsNew = async (item: ListItem, data: FormData) => {
    const saved = await onAdd(groupBy ? { ...data, [groupBy]: item[groupBy] } : data);
    if (!saved) return false;
    closeEditing();
    mark(saved.id, 'new');
    setFocusTarget(cardOf(saved.id));
    return true;
  };

  const update = async (item: ListItem, data: FormData) => {
    const saved = await onUpdate(item, data);
    if (!saved) return false;
    if (saved === 'deleted') {
      // What was typed stays in the overlay, which now offers to save it as a new entry.
      setEditingDeleted(true);
      return false;
    }
    setEditing(null);
    mark(saved.id, 'updated');
    setFocusTarget(cardOf(saved.id));
    return true;
  };

  const closeEditing = () => {
    setEditing(null);
    setEditingDeleted(false);
  };
  const closeAdding = (group: string) => {
    setAdding(null);
    setFocusTarget(addButtonOf(group));
  };
  /** Esc, „Abbrechen“ or ×: with unsaved input, the question first; its „Verwerfen“ drops the draft. */
  const cancel = (hasInput: boolean, slot: string, close: () => void) =>
    hasInput ? setDiscarding({ slot, close }) : close();

  // Opening the step: an editor left with unsaved input (a closed tab, an ended session) opens
  // again with it – an entry deleted meanwhile too, to be saved as a new one.
  useEffect(() => {
    if (!editable || !drafts) return;
    for (const slot of drafts.slots(`${step.meta.key}:`)) {
      const [, kind = '', key = ''] = slot.split(':');
      if (kind === 'neu' && groups.some((group) => group.key === key)) return setAdding(key);
      if (kind !== 'eintrag') continue;
      const item = items.find(({ id }) => id === key);
      if (item) return setEditing(item);
      const draft = drafts.read(slot);
      if (!draft) continue;
      setEditing({ ...draft.base, id: key, version: draft.version });
      return setEditingDeleted(true);
    }
    // Only when the step opens: later drafts belong to editors that are open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Keyboard dragging: the moved handle may lose focus when React moves its row; it gets it back
  // before anything else runs.
  useLayoutEffect(() => {
    if (!grab) return;
    const handle = root.current?.querySelector<HTMLElement>(`[data-handle="${grab.id}"]`);
    if (handle && document.activeElement !== handle) handle.focus();
  }, [grab]);
  const grabRef = useRef(grab);
  grabRef.current = grab;

  const say = (text: string, item: ListItem, position: number, count: number) =>
    setAnnouncement(texts.fill(text, { title: titleOf(item), position: position + 1, count }));

  const drop = (group: Group, item: ListItem, current: Grab) => {
    const position = current.order.indexOf(item.id);
    setGrab(null);
    if (position !== current.from) reorder(group, current.order);
    say(texts.reorderDropped, item, position, current.order.length);
  };

  const onHandleKey = (event: KeyboardEvent, group: Group, item: ListItem, index: number) => {
    const current = grab?.id === item.id ? grab : null;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (current) return drop(group, item, current);
      const order = storedItemsOf(group).map(({ id }) => id);
      setGrab({ group: group.key, id: item.id, order, from: index });
      say(texts.reorderGrabbed, item, index, order.length);
    } else if (current && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      const to = index + (event.key === 'ArrowUp' ? -1 : 1);
      if (to < 0 || to >= current.order.length) return;
      const order = [...current.order];
      order.splice(index, 1);
      order.splice(to, 0, item.id);
      setGrab({ ...current, order });
      say(texts.reorderMoved, item, to, order.length);
    } else if (current && event.key === 'Escape') {
      event.preventDefault();
      setGrab(null);
      say(texts.reorderCancelled, item, current.from, current.order.length);
    }
  };

  // Leaving the handle (Tab, a click elsewhere) puts the entry down where it is now.
  const onHandleBlur = (group: Group, item: ListItem) =>
    void setTimeout(() => {
      const current = grabRef.current;
      const handle = root.current?.querySelector(`[data-handle="${item.id}"]`);
      if (current?.id === item.id && document.activeElement !== handle) drop(group, item, current);
    });

  return (
    <div className="list-step" ref={root}>
      {editable ? (
        <p id={helpId} className="visually-hidden">
          {texts.reorderHelp}
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
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
                <div
                  className={`item${highlight[item.id] ? ` is-${highlight[item.id]}` : ''}${grab?.id === item.id ? ' is-grabbed' : ''}`}
                  data-item={item.id}
                  tabIndex={-1}
                >
                  {editable ? (
                    <button
                      type="button"
                      className="drag-handle"
                      data-handle={item.id}
                      title={texts.dragHandle}
                      aria-label={`${texts.reorder}: ${titleOf(item)}`}
                      aria-describedby={helpId}
                      aria-pressed={grab?.id === item.id}
                      onKeyDown={(event) => onHandleKey(event, group, item, index)}
                      onBlur={() => onHandleBlur(group, item)}
                    >
                      <ImageIcon shape={DRAG_SHAPE} color="--fw-muted" />
                    </button>
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
                          setFocusTarget(`[data-move="${item.id}-up"]`);
                        }}
                      >
                        <ImageIcon shape={ARROW_UP_SHAPE} {...ACTION_ICON} />
                      </button>
                      <button
                        type="button"
                        className="icon-button"
                        data-move={`${item.id}-down`}
                        disabled={index === groupItems.length - 1}
                        aria-label={`${texts.moveDown}: ${titleOf(item)}`}
                        onClick={() => {
                          move(group, index, index + 1);
                          setFocusTarget(`[data-move="${item.id}-down"]`);
                        }}
                      >
                        <ImageIcon shape={ARROW_DOWN_SHAPE} {...ACTION_ICON} />
                      </button>
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`${texts.edit}: ${titleOf(item)}`}
                        onClick={() => setEditing(item)}
                      >
                        <ImageIcon shape={EDIT_SHAPE} {...ACTION_ICON} />
                      </button>
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`${texts.delete}: ${titleOf(item)}`}
                        onClick={() => setDeleting(item)}
                      >
                        <ImageIcon shape={TRASH_SHAPE} {...ACTION_ICON} />
                      </button>
                    </div>
                  ) : (
                    <div className="item-actions">
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`${texts.view}: ${titleOf(item)}`}
                        title={texts.view}
                        onClick={() => setViewing(item)}
                      >
                        <ImageIcon shape={EYE_SHAPE} {...ACTION_ICON} />
                      </button>
                    </div>
                  )}
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
                    onCancel={() =>
                      cancel(dirty.adding, draftSlots.newItem(step.meta.key, group.key), () =>
                        closeAdding(group.key),
                      )
                    }
                    onDirtyChange={(adding) => setDirty((current) => ({ ...current, adding }))}
                    idPrefix={`new-${step.meta.key}-${group.key}`}
                    draftSlot={draftSlots.newItem(step.meta.key, group.key)}
                  />
                </Suspense>
              </div>
            ) : null}
            {editable && adding !== group.key ? (
              <button
                type="button"
                className="button button-secondary add-button"
                data-add={group.key}
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
        <Dialog
          title={list.editTitle}
          onClose={() =>
            cancel(dirty.editing, draftSlots.item(step.meta.key, editing.id), closeEditing)
          }
          wide
        >
          <Suspense fallback={loading}>
            <ItemEditor
              definition={definition}
              step={step}
              initial={answersOf(editing)}
              stored
              submitLabel={editingDeleted ? texts.saveAsNew : list.saveButton}
              onSubmit={(data) =>
                editingDeleted ? addAsNew(editing, data) : update(editing, data)
              }
              onCancel={() =>
                cancel(dirty.editing, draftSlots.item(step.meta.key, editing.id), closeEditing)
              }
              onDirtyChange={(editing) => setDirty((current) => ({ ...current, editing }))}
              idPrefix={`edit-${editing.id}`}
              draftSlot={draftSlots.item(step.meta.key, editing.id)}
              version={editing.version}
              notice={
                editingDeleted ? (
                  <p className="editor-notice" role="status">
                    {texts.deletedMeanwhile}
                  </p>
                ) : null
              }
            />
          </Suspense>
        </Dialog>
      ) : null}
      {discarding ? (
        <ConfirmDialog
          title={texts.discardTitle}
          text={texts.discardText}
          confirmLabel={texts.discardConfirm}
          cancelLabel={texts.keepEditing}
          danger
          focusCancel
          onCancel={() => setDiscarding(null)}
          onConfirm={() => {
            drafts?.remove(discarding.slot);
            setDiscarding(null);
            discarding.close();
          }}
        />
      ) : null}
      {viewing ? (
        <Dialog title={titleOf(viewing)} onClose={() => setViewing(null)} wide>
          <Suspense fallback={loading}>
            <ItemEditor
              definition={definition}
              step={step}
              initial={answersOf(viewing)}
              readOnly
              submitLabel={texts.close}
              onSubmit={async () => true}
              onCancel={() => setViewing(null)}
              idPrefix={`view-${viewing.id}`}
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
          focusCancel
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            focusNeighbourOf(deleting);
            onDelete(deleting);
            setDeleting(null);
          }}
        />
      ) : null}
    </div>
  );
}
