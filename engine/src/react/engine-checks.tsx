import { createContext, type ReactNode, use, useContext } from 'react';
import type { CompiledChecks } from '../core/index.ts';

const ChecksContext = createContext<Promise<CompiledChecks> | null>(null);

/**
 * The compiled schema checks every form of the engine validates with, as a promise: the app
 * passes the server's precompiled module, which loads only when the first form needs it (so it
 * is not part of what a list step needs before it is usable); tests may pass compiled checks.
 */
export function EngineChecksProvider({
  checks,
  children,
}: {
  checks: Promise<CompiledChecks>;
  children: ReactNode;
}) {
  return <ChecksContext.Provider value={checks}>{children}</ChecksContext.Provider>;
}

/** Checks that are already there, readable without a Suspense round (tests, Node). */
export function readyChecks(checks: CompiledChecks): Promise<CompiledChecks> {
  // React's `use` reads a settled thenable synchronously when it carries its status.
  return Object.assign(Promise.resolve(checks), { status: 'fulfilled', value: checks });
}

/** The checks; suspends the calling component until they are loaded. */
export function useEngineChecks(): CompiledChecks {
  const checks = useContext(ChecksContext);
  if (!checks) throw new Error('EngineChecksProvider fehlt');
  return use(checks);
}
