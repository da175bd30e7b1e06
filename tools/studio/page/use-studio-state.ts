import { startTransition, useEffect, useState } from 'react';
import type { StudioState } from '../studio-state.ts';

/** Whether the page hears the server: it reconnects by itself after a restart. */
export type Connection = 'connecting' | 'live' | 'lost';

/**
 * The studio's state as the server sends it on every change (Server-Sent Events). An update is a
 * transition: the page keeps showing the last state until the new one is ready to show (a new
 * revision's checks may have to load first), so nothing flickers and nothing loses its place.
 */
export function useStudioState(): { state: StudioState | null; connection: Connection } {
  const [state, setState] = useState<StudioState | null>(null);
  const [connection, setConnection] = useState<Connection>('connecting');
  useEffect(() => {
    const events = new EventSource('/events');
    events.addEventListener('state', (event) => {
      const next = JSON.parse((event as MessageEvent<string>).data) as StudioState;
      setConnection('live');
      startTransition(() => setState(next));
    });
    events.addEventListener('error', () => setConnection('lost'));
    events.addEventListener('open', () => setConnection('live'));
    return () => events.close();
  }, []);
  return { state, connection };
}
