import { createContext, useContext, useState } from 'react';
import type { FormData } from './schema-form.tsx';

/**
 * Unsaved input of one editor, kept in the browser while it is typed: the answers as typed, the
 * answers and version the editor started from (to put the typed changes onto a newer version),
 * and when it was written.
 */
export interface Draft {
  data: FormData;
  base: FormData;
  version: number;
  savedAt: number;
}

/**
 * Where the app keeps drafts (docs/product.md#entwürfe): one store per person and project. A slot
 * names an editor within it: `<step>:formular`, `<step>:neu:<group>`, `<step>:eintrag:<id>`.
 */
export interface DraftStore {
  read(slot: string): Draft | undefined;
  write(slot: string, draft: Draft): void;
  remove(slot: string): void;
  /** The slots in use that begin with `prefix`. */
  slots(prefix: string): string[];
}

/** The app's draft store for the project on screen; without one, editors keep no drafts. */
export const DraftsContext = createContext<DraftStore | undefined>(undefined);

export const useDraftStore = () => useContext(DraftsContext);

/** Slot names of a step's editors. */
export const draftSlots = {
  form: (step: string) => `${step}:formular`,
  newItem: (step: string, group: string) => `${step}:neu:${group}`,
  item: (step: string, id: string) => `${step}:eintrag:${id}`,
};

/**
 * What an editor found in its slot when it opened: `restored` (typed against the version shown:
 * taken back at once), `stale` (typed against an older version: offered, not applied).
 */
export type DraftState = { kind: 'restored' | 'stale'; savedAt: number } | undefined;

/**
 * The draft of one editor, `stored` being the answers it opens with at `version`. Gives the answers
 * to start from (a draft of this version put back), what was found, `keep` for every change
 * (writes at once: the storage is synchronous and the answers of one editor are small, so nothing
 * typed waits for a timer that a closing tab would cancel), `apply` for an offered draft and
 * `drop`.
 */
export function useDraft(slot: string | undefined, stored: FormData, version: number) {
  const store = useDraftStore();
  const [found] = useState(() => (slot ? store?.read(slot) : undefined));
  const [state, setState] = useState<DraftState>(
    found && { kind: found.version === version ? 'restored' : 'stale', savedAt: found.savedAt },
  );
  // Typed against the version shown (the same answers as `base`): the draft is the answers. Read
  // once: later changes of `stored` are the editor's own saves.
  const [start] = useState(() => (found && found.version === version ? found.data : stored));
  // A draft records what the editor shows as stored now: after a save, the next one starts there.
  const origin = { base: stored, version };
  return {
    start,
    state,
    keep(data: FormData) {
      if (!slot || !store) return;
      store.write(slot, { data, ...origin, savedAt: Date.now() });
    },
    /**
     * The offered draft's changes on top of `onto` (the answers now stored). The merge loads on
     * this first use: the share link's first page stays small.
     */
    async apply(onto: FormData): Promise<FormData> {
      setState(undefined);
      if (!found) return onto;
      const { applyEdit } = await import('../core/three-way-merge.ts');
      return applyEdit(found.base, found.data, onto);
    },
    drop() {
      setState(undefined);
      if (slot) store?.remove(slot);
    },
    /**
     * The notice's two answers for an editor that shows answers with `show`: „Übernehmen“ puts
     * the draft onto what the form holds now (`current`), „Verwerfen“ goes back to `stored` where
     * the draft was shown.
     */
    choices(show: (data: FormData) => void, current: () => FormData, stored: FormData) {
      return {
        onApply: async () => {
          const applied = await this.apply(current());
          show(applied);
          this.keep(applied);
        },
        onDiscard: () => {
          if (state?.kind === 'restored') show(stored);
          this.drop();
        },
      };
    },
    /** The input is as stored again: no draft – unless one is still offered. */
    forget() {
      if (slot && state?.kind !== 'stale') store?.remove(slot);
    },
  };
}
