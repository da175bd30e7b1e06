import type { DraftStore } from '@fragewerk/engine/react';
import { useMemo } from 'react';
import { apiContext } from '../lib/api.ts';
import { draftOwner, draftStore } from '../lib/drafts.ts';
import { useCurrentUser } from '../lib/user-api.ts';

/**
 * The drafts of the person on screen (logged in, or a customer with the share link) in `area`:
 * a project's id, or `konto` for the account page.
 */
export function useDrafts(area: string): DraftStore {
  const user = useCurrentUser();
  const owner = draftOwner(user?.id, apiContext.editToken);
  return useMemo(() => draftStore(owner, area), [owner, area]);
}
