import type { CompiledChecks } from '@fragewerk/engine/core';

const loaded = new Map<string, Promise<CompiledChecks>>();

/**
 * The precompiled checks of one revision (the module the server builds with the product's Ajv
 * code), loaded once when the first form needs them; the same promise for the same address, as
 * React's `use` wants.
 */
export function checksAt(url: string): Promise<CompiledChecks> {
  let checks = loaded.get(url);
  if (!checks) {
    checks = (import(/* @vite-ignore */ url) as Promise<{ checks: CompiledChecks }>).then(
      (module) => module.checks,
    );
    loaded.set(url, checks);
  }
  return checks;
}
