import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './store.ts';

// The store's hooks, typed: features use these, never the composition root in web/src/app/
// that creates the store (docs/architecture.md#importe-zeigen-in-eine-richtung).

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
