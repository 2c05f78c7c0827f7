import { createContext, useContext, type ReactNode } from 'react';

/**
 * Pieces a layout hands to the pages inside it, so a page can place them in its own grid without
 * importing another feature (features never import each other).
 */
export interface LayoutSlots {
  /** Type-2 campaign banners (spec §9), for a page's sidebar; `null` when there are none. */
  campaignSidebar: ReactNode;
}

const LayoutSlotsContext = createContext<LayoutSlots>({ campaignSidebar: null });

export const LayoutSlotsProvider = LayoutSlotsContext.Provider;

export function useLayoutSlots(): LayoutSlots {
  return useContext(LayoutSlotsContext);
}
