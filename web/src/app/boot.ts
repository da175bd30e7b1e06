import { configApi } from '../lib/config-api.ts';
import { userApi } from '../lib/user-api.ts';
import type { AppStore } from './store.ts';

/**
 * Loads what every screen needs before the app renders, in SPEC §3's order: the presets and the
 * definition, then the current user. Throws when the server cannot be reached.
 */
export async function loadBootData(store: AppStore): Promise<void> {
  await store.dispatch(configApi.endpoints.getPresets.initiate()).unwrap();
  await store.dispatch(configApi.endpoints.getDefinition.initiate()).unwrap();
  await store.dispatch(userApi.endpoints.getCurrentUser.initiate()).unwrap();
}
