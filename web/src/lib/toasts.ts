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
      prepare: (kind: Toast['kind'], text: string, durationMs = TOAST_MS) => ({
        payload: { id: nextId++, kind, text, durationMs },
      }),
    },
    dismissToast: (state, action: PayloadAction<number>) =>
      state.filter((toast) => toast.id !== action.payload),
  },
});

export const { showToast, dismissToast } = toastsSlice.actions;
