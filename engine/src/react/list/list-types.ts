import type { ItemJson } from '@fragewerk/schemas/types';

/** A list entry as the app hands it over: the API's entry, its answers plus id and version. */
export type ListItem = ItemJson;

/** How long a new or changed entry stays highlighted (docs/product.md#konstanten-und-grenzen). */
export const HIGHLIGHT_MS = 600;
