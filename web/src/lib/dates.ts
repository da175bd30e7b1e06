import { formatDate } from '@fragewerk/engine/core';

/**
 * A date as German text (format "LL", docs/product.md#konstanten-und-grenzen), empty for a missing
 * value.
 */
export function germanDate(value: string | null | undefined): string {
  return value ? formatDate(value) : '';
}
