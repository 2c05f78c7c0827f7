import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

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

const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    openPopup(state, action: PayloadAction<PopupFlag>) {
      state.popups[action.payload] = true;
    },
    closePopup(state, action: PayloadAction<PopupFlag>) {
      state.popups[action.payload] = false;
      if (action.payload !== 'REFERRAL_POPUP') state.counsellingInterest = null;
    },
    /** Opens a counselling popup about what the page shows (a course). */
    openCounsellingAbout(
      state,
      action: PayloadAction<{
        flag: 'COUNSELLING_POPUP' | 'BIM_CIVIL_POPUP';
        interest: { name: string; id?: number; productId?: string };
      }>,
    ) {
      state.popups[action.payload.flag] = true;
      state.counsellingInterest = action.payload.interest;
    },
    applyCoupon(state, action: PayloadAction<string>) {
      state.coupon = { code: action.payload, applied: true };
    },
    removeCoupon(state) {
      state.coupon = { code: null, applied: false };
    },
    openDashboardPanel(state, action: PayloadAction<DashboardPanel>) {
      state.dashboardPanel = action.payload;
    },
    closeDashboardPanel(state) {
      state.dashboardPanel = null;
    },
    openBlogCounselling(state, action: PayloadAction<BlogCounsellingForm>) {
      state.blogCounselling = { showPopup: true, formData: action.payload };
    },
    closeBlogCounselling(state) {
      state.blogCounselling = { showPopup: false, formData: null };
    },
    dismissTopBanner(state) {
      state.dismissed.topBanner = true;
    },
    dismissCampaignPopup(state) {
      state.dismissed.campaignPopup = true;
    },
  },
});

export const uiActions = uiSlice.actions;
export const uiReducer = uiSlice.reducer;
