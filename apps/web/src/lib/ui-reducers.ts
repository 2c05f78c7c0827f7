/** Popup flags of spec §3 ("Popup flags"); the referral popup starts open (spec §4 "Popups"). */
export type PopupFlag = 'COUNSELLING_POPUP' | 'BIM_CIVIL_POPUP' | 'REFERRAL_POPUP';

/**
 * The six panels of the course dashboard's sidebar (spec §2): one value, since only one is open
 * at a time.
 */
export type DashboardPanel =
  | 'session-overview'
  | 'quiz-onboarding'
  | 'quiz-questioning'
  | 'quiz-result'
  | 'quiz-answers'
  | 'certificate';

/** Form data the blog counselling popup is opened with (spec §3 "Blog counselling popup"). */
export interface BlogCounsellingForm {
  name: string;
  id: number;
  /** Product id of the customer-relationship service. */
  productId: string;
}

/** UI state that spans pages. Server data lives in RTK Query, never here. */
export interface UiState {
  popups: Record<PopupFlag, boolean>;
  /** Spec §4 "Coupon": set and applied; removal gives null and not applied. */
  coupon: { code: string | null; applied: boolean };
  dashboardPanel: DashboardPanel | null;
  blogCounselling: { showPopup: boolean; formData: BlogCounsellingForm | null };
  /** What a counselling popup opened from a page is about (a course): sent with its lead. */
  counsellingInterest: { name: string; id?: number; productId?: string } | null;
  /** What the visitor closed during this visit. */
  dismissed: { topBanner: boolean; campaignPopup: boolean };
}

export const initialUiState: UiState = {
  popups: { COUNSELLING_POPUP: false, BIM_CIVIL_POPUP: false, REFERRAL_POPUP: true },
  coupon: { code: null, applied: false },
  dashboardPanel: null,
  blogCounselling: { showPopup: false, formData: null },
  counsellingInterest: null,
  dismissed: { topBanner: false, campaignPopup: false },
};

/** An action's payload, as Redux Toolkit's case reducers receive it. */
interface Payload<T> {
  payload: T;
}

/**
 * The UI state's case reducers as plain functions that return the next state (no Redux Toolkit,
 * no immer): the app's slice (`ui-state.ts`) is built from them, and the public pages' islands
 * (`src/islands/`) run the same functions in their small store without Redux.
 */
export const uiCaseReducers = {
  openPopup: (state: UiState, action: Payload<PopupFlag>): UiState => ({
    ...state,
    popups: { ...state.popups, [action.payload]: true },
  }),
  closePopup: (state: UiState, action: Payload<PopupFlag>): UiState => ({
    ...state,
    popups: { ...state.popups, [action.payload]: false },
    counsellingInterest: action.payload === 'REFERRAL_POPUP' ? state.counsellingInterest : null,
  }),
  /** Opens a counselling popup about what the page shows (a course). */
  openCounsellingAbout: (
    state: UiState,
    action: Payload<{
      flag: 'COUNSELLING_POPUP' | 'BIM_CIVIL_POPUP';
      interest: { name: string; id?: number; productId?: string };
    }>,
  ): UiState => ({
    ...state,
    popups: { ...state.popups, [action.payload.flag]: true },
    counsellingInterest: action.payload.interest,
  }),
  applyCoupon: (state: UiState, action: Payload<string>): UiState => ({
    ...state,
    coupon: { code: action.payload, applied: true },
  }),
  removeCoupon: (state: UiState): UiState => ({ ...state, coupon: { code: null, applied: false } }),
  openDashboardPanel: (state: UiState, action: Payload<DashboardPanel>): UiState => ({
    ...state,
    dashboardPanel: action.payload,
  }),
  closeDashboardPanel: (state: UiState): UiState => ({ ...state, dashboardPanel: null }),
  openBlogCounselling: (state: UiState, action: Payload<BlogCounsellingForm>): UiState => ({
    ...state,
    blogCounselling: { showPopup: true, formData: action.payload },
  }),
  closeBlogCounselling: (state: UiState): UiState => ({
    ...state,
    blogCounselling: { showPopup: false, formData: null },
  }),
  dismissTopBanner: (state: UiState): UiState => ({
    ...state,
    dismissed: { ...state.dismissed, topBanner: true },
  }),
  dismissCampaignPopup: (state: UiState): UiState => ({
    ...state,
    dismissed: { ...state.dismissed, campaignPopup: true },
  }),
};
