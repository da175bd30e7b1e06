import { useEffect } from 'react';
import { navigation } from '../../lib/navigation.ts';
import { Spinner } from '../../components/spinner.tsx';

/**
 * Leaves the app for a server-rendered page (`/login`, `/logout`:
 * docs/product.md#routen-und-screens).
 */
export function LeaveTo({ url }: { url: string }) {
  useEffect(() => navigation.leaveTo(url), [url]);
  return <Spinner fullScreen />;
}
