import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * How long a toast stays unless it says otherwise (docs/product.md#konstanten-und-grenzen: 3000
 * ms).
 */
export const TOAST_MS = 3000;

export interface Toast {
  id: number;
  kind: 'success' | 'error' | 'info';
  text: string;
  durationMs: number;
  /** The technical text in small print beside (e.g. „Es ist ein Fehler aufgetreten“). */
  detail?: string;
}

let nextId = 1;

/** Toasts at the top centre (toast.css); the container removes each after its time. */
export const toastsSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    showToast: {
      reducer: (state, action: PayloadAction<Toast>) => {
        state.push(action.payload);
      },
      prepare: (kind: Toast['kind'], text: string, durationMs = TOAST_MS, detail?: string) => ({
        payload: { id: nextId++, kind, text, durationMs, ...(detail && { detail }) },
      }),
    },
    dismissToast: (state, action: PayloadAction<number>) =>
      state.filter((toast) => toast.id !== action.payload),
  },
});

export const { showToast, dismissToast } = toastsSlice.actions;
