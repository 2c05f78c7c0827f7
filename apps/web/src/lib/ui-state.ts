import { createSlice } from '@reduxjs/toolkit';
import { initialUiState, uiCaseReducers } from './ui-reducers';

export {
  initialUiState,
  type BlogCounsellingForm,
  type DashboardPanel,
  type PopupFlag,
  type UiState,
} from './ui-reducers';

/** UI state that spans pages (the reducers themselves are plain functions in `ui-reducers.ts`). */
const uiSlice = createSlice({ name: 'ui', initialState: initialUiState, reducers: uiCaseReducers });

export const uiActions = uiSlice.actions;
export const uiReducer = uiSlice.reducer;
