/**
 * Statuses that an endpoint's screen answers itself (a form shows 422 at its fields, the password
 * overlay shows 401 at the current password). The generic error toast stays quiet for them.
 */
const handled = new Map<string, Set<number | 'network'>>();

export function handleErrorsLocally(endpointName: string, statuses: (number | 'network')[]): void {
  handled.set(endpointName, new Set([...(handled.get(endpointName) ?? []), ...statuses]));
}

export function isHandledLocally(
  endpointName: string,
  status: number | 'network' | undefined,
): boolean {
  return status !== undefined && Boolean(handled.get(endpointName)?.has(status));
}
