import type { CompiledChecks } from '@fragewerk/engine/core';

/** The server's precompiled schema checks (an ES module of the same origin). */
const CHECKS_URL = '/assets/checks.js';

/** The precompiled checks of one stored revision of the definition (long cached). */
export const revisionChecksUrl = (id: string) => `/assets/checks/${id}.js`;

/**
 * Loads the precompiled checks once, on first use (the first form on screen): the current
 * definition's, or those at `url` (a project on an older revision).
 */
export function lazyChecks(url = CHECKS_URL): Promise<CompiledChecks> {
  let loading: Promise<CompiledChecks> | undefined;
  const load = () =>
    (loading ??= (import(/* @vite-ignore */ url) as Promise<{ checks: CompiledChecks }>).then(
      (module) => module.checks,
    ));
  // A thenable that starts loading only when React first reads it.
  return { then: (resolve, reject) => load().then(resolve, reject) } as Promise<CompiledChecks>;
}
