/** A list entry as the app hands it over: its answers plus id and version. */
export interface ListItem {
  id: string;
  version: number;
  [field: string]: unknown;
}

/** How long a new or changed entry stays highlighted (docs/product.md#konstanten-und-grenzen). */
export const HIGHLIGHT_MS = 600;
