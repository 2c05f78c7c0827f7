import { useSyncExternalStore } from 'react';
import { uiReducer, type UiAction, type UiState } from './ui-state';

/*
 * `lib/store.ts` for the islands build: the one store the islands of a page share (a module of
 * the islands bundle, so every island root sees the same state) — the UI slice only, without
 * Redux. Server data reaches islands as props, never through a store. A counselling button in one
 * island opens the popup of another exactly as in the app.
 */

interface IslandState {
  ui: UiState;
}

const initialState: IslandState = { ui: uiReducer(undefined, { type: '@init' }) };
let state = initialState;
const listeners = new Set<() => void>();

function dispatch(action: UiAction): UiAction {
  const next = uiReducer(state.ui, action);
  if (next !== state.ui) {
    state = { ui: next };
    for (const listener of [...listeners]) listener();
  }
  return action;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export type RootState = IslandState;
export type AppDispatch = typeof dispatch;

export function useAppDispatch(): AppDispatch {
  return dispatch;
}

export function useAppSelector<T>(selector: (state: IslandState) => T): T {
  // Hydration renders the state the server rendered (the initial one): an island hydrating after
  // another changed the state (a tap opened a popup) still matches its markup, then updates.
  return useSyncExternalStore(
    subscribe,
    () => selector(state),
    () => selector(initialState),
  );
}
