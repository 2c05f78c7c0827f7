import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { everyPageAnswers, FAILS, fakeApi } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const SELLER = {
  name: 'Atelier Test Pvt. Ltd.',
  address: '7 Test Lane, Pune, Maharashtra 411001, India',
  gstin: '27ABCDE1234F1Z5',
  email: 'help@atelier.test',
  phone: '+91 20 1234 5678',
};

function renderPolicy(path: string, seller: unknown = SELLER) {
  return renderApp(path, fakeApi({ ...everyPageAnswers, '/api/site/seller': seller }).fetch);
}

describe('contact and policy pages (issue 14: what a payment provider requires)', () => {
  it('when /contact-us opens, then it names the seller with address, GSTIN, a mail link and a phone link from the configuration', async () => {
    renderPolicy('/contact-us');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Talk to the Atelier team' }, { timeout: 5000 }),
    ).toBeTruthy();
    const card = await screen.findByText(SELLER.name);
    const address = card.closest('address')!;
    expect(address.textContent).toContain(SELLER.address);
    expect(address.textContent).toContain(`GSTIN: ${SELLER.gstin}`);
    expect(within(address).getByRole('link', { name: SELLER.email }).getAttribute('href')).toBe(
      `mailto:${SELLER.email}`,
    );
    expect(within(address).getByRole('link', { name: SELLER.phone }).getAttribute('href')).toBe(
      'tel:+912012345678',
    );
  });

  it.each([
    ['/terms-and-conditions', 'Terms and conditions', '4. Prices and payment'],
    ['/privacy-policy', 'Privacy policy', 'Your rights'],
    [
      '/cancellation-and-refund-policy',
      'Cancellation and refund policy',
      'How to ask, and how long it takes',
    ],
    ['/shipping-and-delivery-policy', 'How access is delivered', 'Right after payment'],
  ])(
    'when %s opens, then it has its heading, its sections and the seller’s e-mail',
    async (path, title, section) => {
      renderPolicy(path);
      expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 })).toBeTruthy();
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeTruthy();
      expect((await screen.findAllByRole('link', { name: SELLER.email }))[0]!.getAttribute('href')).toBe(
        `mailto:${SELLER.email}`,
      );
      const related = screen.getByRole('navigation', { name: 'Policies' });
      expect(within(related).getByText(/./, { selector: '[aria-current="page"]' })).toBeTruthy();
    },
  );

  it('when any public page is shown, then the footer links every policy page', async () => {
    renderPolicy('/terms-and-conditions');
    const footer = await screen.findByRole('navigation', { name: 'Company' });
    const links = within(footer)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/contact-us',
      '/terms-and-conditions',
      '/privacy-policy',
      '/cancellation-and-refund-policy',
      '/shipping-and-delivery-policy',
    ]);
  });

  it('when the seller’s details cannot be loaded, then the page still reads and says so', async () => {
    renderPolicy('/cancellation-and-refund-policy', FAILS);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cancellation and refund policy' }),
    ).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
    expect(screen.getByRole('heading', { level: 2, name: 'Study trips' })).toBeTruthy();
  });
});
