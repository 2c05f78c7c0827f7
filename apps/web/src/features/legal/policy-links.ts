/** The contact and policy pages (decision 0019), in the footer's order. */
export const POLICY_LINKS = [
  { path: '/contact-us', label: 'Contact us' },
  { path: '/terms-and-conditions', label: 'Terms and conditions' },
  { path: '/privacy-policy', label: 'Privacy policy' },
  { path: '/cancellation-and-refund-policy', label: 'Cancellation and refunds' },
  { path: '/shipping-and-delivery-policy', label: 'Delivery of access' },
] as const;
