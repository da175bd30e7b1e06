import { type ReactNode, useEffect, useRef } from 'react';

interface SortableListProps<T> {
  items: T[];
  keyOf: (item: T) => string;
  /** Dragging is on only while the list may be changed. */
  sortable: boolean;
  onMove: (from: number, to: number) => void;
  renderItem: (item: T, index: number) => ReactNode;
  label: string;
}

/**
 * A list reordered by dragging its handles (sortablejs). Sortable's own DOM move is undone at
 * once and the move reported instead, so React stays the only owner of the DOM.
 */
export function SortableList<T>({
  items,
  keyOf,
  sortable,
  onMove,
  renderItem,
  label,
}: SortableListProps<T>) {
  const list = useRef<HTMLUListElement>(null);
  const move = useRef(onMove);
  move.current = onMove;

  useEffect(() => {
    if (!sortable || !list.current) return;
    const element = list.current;
    let instance: { destroy(): void } | undefined;
    let cancelled = false;
    // Dragging arrives once the browser is idle after the first paint; the move buttons work at once.
    const attach = () =>
      void import('sortablejs').then(({ default: Sortable }) => {
        if (cancelled) return;
        instance = Sortable.create(element, {
          handle: '.drag-handle',
          animation: 150,
          onEnd: (event) => {
            const { item, from, oldIndex, newIndex } = event;
            if (oldIndex === undefined || newIndex === undefined || oldIndex === newIndex) return;
            from.removeChild(item);
            from.insertBefore(item, from.children[oldIndex] ?? null);
            move.current(oldIndex, newIndex);
          },
        });
      });
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(attach, { timeout: 2000 })
      : window.setTimeout(attach, 200);
    return () => {
      cancelled = true;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      instance?.destroy();
    };
  }, [sortable]);

  return (
    <ul ref={list} className="item-list" aria-label={label}>
      {items.map((item, index) => (
        <li key={keyOf(item)} className="item-row" data-id={keyOf(item)}>
          {renderItem(item, index)}
        </li>
      ))}
    </ul>
  );
}
