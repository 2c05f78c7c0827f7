import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from './api/base-api';
import type { ApiTransport } from './api/base-query';
import { uiReducer } from './ui-state';

/**
 * One store per page load in the browser and per request on the server (never shared between
 * requests). `transport` says how the API is reached; see {@link ApiTransport}.
 */
export function createAppStore(transport: ApiTransport) {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer, ui: uiReducer },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: transport } }).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
