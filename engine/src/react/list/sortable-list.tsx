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

/** What shows that someone is about to use the page with a pointer (mouse, pen, touch). */
const POINTER_INTENT = ['pointermove', 'pointerdown', 'touchstart', 'wheel'] as const;

let intent: Promise<void> | undefined;

/**
 * Resolves at the first pointer use of the page. Dragging needs sortablejs (12 KB gzip), which a
 * customer who only reads or types never does: it loads once the pointer moves, long before it
 * can press a handle, instead of with the first step (the move buttons and the keyboard work
 * without it).
 */
function pointerIntent(): Promise<void> {
  intent ??= new Promise((resolve) => {
    const done = () => {
      for (const type of POINTER_INTENT) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of POINTER_INTENT)
      window.addEventListener(type, done, { capture: true, passive: true });
  });
  return intent;
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
    // Dragging arrives with the first pointer use of the page; the move buttons work at once.
    void pointerIntent()
      // Destructured right at the import, so the bundler leaves out sortablejs's unused plugins.
      .then(() => import('sortablejs').then(({ default: Sortable }) => Sortable))
      .then((Sortable) => {
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
    return () => {
      cancelled = true;
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
