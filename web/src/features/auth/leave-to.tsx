import { useEffect } from 'react';
import { navigation } from '../../lib/navigation.ts';
import { Spinner } from '../../components/spinner.tsx';

/** Leaves the app for a server-rendered page (`/login`, `/logout`: SPEC §2). */
export function LeaveTo({ url }: { url: string }) {
  useEffect(() => navigation.leaveTo(url), [url]);
  return <Spinner fullScreen />;
}
