/**
 * Statuses that an endpoint's screen answers itself (a form shows 422 at its fields, the password
 * overlay shows 401 at the current password). The generic error toast stays quiet for them.
 */
type Handled = number | 'network' | 'all';

const handled = new Map<string, Set<Handled>>();
const failureTexts = new Map<string, string>();

/**
 * `'all'`: the endpoint fails silently whatever happened (docs/product.md#fehlermeldungen: a failed
 * order save).
 */
export function handleErrorsLocally(endpointName: string, statuses: Handled[]): void {
  handled.set(endpointName, new Set([...(handled.get(endpointName) ?? []), ...statuses]));
}

export function isHandledLocally(
  endpointName: string,
  status: number | 'network' | undefined,
): boolean {
  const statuses = handled.get(endpointName);
  return Boolean(statuses?.has('all') || (status !== undefined && statuses?.has(status)));
}

/**
 * The toast of a failed change that needs saying more than 'Es ist ein Fehler aufgetreten' (an
 * i18n key), e.g. that a refused delete has put the entry back.
 */
export function explainFailure(endpointName: string, textKey: string): void {
  failureTexts.set(endpointName, textKey);
}

export const failureTextOf = (endpointName: string) => failureTexts.get(endpointName);
