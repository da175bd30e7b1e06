import { createContext, type ReactNode, useContext, useMemo } from 'react';

/**
 * The German texts of the engine's controls. The engine gets them from the app (which keeps
 * them in its locale file) instead of owning text literals.
 */
export interface EngineTexts {
  save: string;
  saving: string;
  saved: string;
  cancel: string;
  close: string;
  add: string;
  edit: string;
  delete: string;
  deleteTitle: string;
  deleteText: string;
  placeholder: string;
  custom: string;
  search: string;
  noResults: string;
  removeValue: string;
  /** Beside a stored option the questionnaire no longer offers („nicht mehr in der Auswahl“). */
  notOffered: string;
  selected: string;
  moveUp: string;
  moveDown: string;
  dragHandle: string;
  /** Accessible name of the drag handle, before the entry's title. */
  reorder: string;
  /** How to move an entry with the keyboard (described by each drag handle). */
  reorderHelp: string;
  /** Announcements while moving by keyboard: `{title}`, `{position}`, `{count}`. */
  reorderGrabbed: string;
  reorderMoved: string;
  reorderDropped: string;
  reorderCancelled: string;
  /** `{value}` of `{max}` stars. */
  rating: string;
  /** Accessible name of one star radio: `{value}` stars. */
  star: string;
  notRated: string;
  polarityNeutral: string;
  polarityTowards: string;
  polarityClear: string;
  /** The counter below a long text field near its limit: `{count}` of `{max}` characters. */
  characterCount: string;
  /** The two sides of a range („von“ … „bis“). */
  rangeFrom: string;
  rangeTo: string;
  /** Accessible name of one address of a list of addresses: `{label}`, `{position}`. */
  urlEntry: string;
  urlAdd: string;
  /** The visible text of an address's remove button; `urlRemoveLabel` (`{position}`) names it. */
  urlRemove: string;
  urlRemoveLabel: string;
  /** Below a list of addresses that is full: `{max}`. */
  urlMax: string;
  itemActions: string;
  /** Opens an entry read-only where it may not be edited (an approved project). */
  view: string;
  openLink: string;
  print: string;
  /** A draft taken back when an editor opened: `{time}` it was typed. */
  draftRestored: string;
  /** A draft typed against an older version, offered: `{time}`. */
  draftStale: string;
  draftApply: string;
  draftDiscard: string;
  /** The question before unsaved input is thrown away (Esc, „Abbrechen“, ×). */
  discardTitle: string;
  discardText: string;
  discardConfirm: string;
  keepEditing: string;
  /** In the edit overlay of an entry someone deleted meanwhile. */
  deletedMeanwhile: string;
  saveAsNew: string;
}

/** The texts with their `fill` helper, as every engine component reads them. */
export type FilledTexts = EngineTexts & {
  fill: (text: string, values: Record<string, string | number>) => string;
};

/** Replaces `{name}` placeholders. */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );

const TextsContext = createContext<FilledTexts | null>(null);

export function EngineTextsProvider({
  texts,
  children,
}: {
  texts: EngineTexts;
  children: ReactNode;
}) {
  // One object per set of texts: every widget reads it on every render, so it is not rebuilt there.
  const value = useMemo(() => ({ ...texts, fill }), [texts]);
  return <TextsContext.Provider value={value}>{children}</TextsContext.Provider>;
}

/** The engine's texts; `fill` replaces `{name}` placeholders. */
export function useEngineTexts(): FilledTexts {
  const texts = useContext(TextsContext);
  if (!texts) throw new Error('EngineTextsProvider fehlt');
  return texts;
}
