import { initialUiState, uiCaseReducers, type UiState } from '../../lib/ui-reducers';

/*
 * `lib/ui-state.ts` for the islands build (vite.islands.config.ts): the same action creators and
 * reducer, built from the same plain case reducers, without Redux Toolkit.
 */

export {
  initialUiState,
  type BlogCounsellingForm,
  type DashboardPanel,
  type PopupFlag,
  type UiState,
} from '../../lib/ui-reducers';

type CaseReducers = typeof uiCaseReducers;
type PayloadOf<R> = R extends (state: UiState, action: { payload: infer P }) => UiState ? P : undefined;
export interface UiAction {
  type: string;
  payload?: unknown;
}
type ActionCreators = {
  [K in keyof CaseReducers]: PayloadOf<CaseReducers[K]> extends undefined
    ? () => UiAction
    : (payload: PayloadOf<CaseReducers[K]>) => UiAction;
};

const PREFIX = 'ui/';

export const uiActions = Object.fromEntries(
  Object.keys(uiCaseReducers).map((name) => [
    name,
    (payload?: unknown) => ({ type: PREFIX + name, payload }),
  ]),
) as unknown as ActionCreators;

export function uiReducer(state: UiState = initialUiState, action: UiAction): UiState {
  const name = action.type.startsWith(PREFIX) ? action.type.slice(PREFIX.length) : '';
  const reduce = (uiCaseReducers as Record<string, ((s: UiState, a: UiAction) => UiState) | undefined>)[name];
  return reduce ? reduce(state, action) : state;
}
