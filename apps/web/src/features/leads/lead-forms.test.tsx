import { LEAD_CONSENT_TEXT } from '@atelier/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { apiError, learner, scriptedApi, storeSession } from '../../lib/testing/identity-fixtures';
import { DEFAULT_SITE_CONFIG, setSiteConfig } from '../../lib/site-config';
import { createAppStore } from '../../lib/store';
import { blogArticle, consultationPackages, landingPage } from '../../test/public-fixtures';
import { renderApp } from '../../test/render-app';
import { NOT_SENT_MESSAGE } from '../../components/ui/lead-form';
import { CompetitionContactForm } from './competition-contact-form';
import { UTM_CLICK_SENT_KEY, UTM_STORAGE_KEY } from '../../lib/utm';

/** The form's chunk loads on first use: generous on a busy machine. */
const SLOW = { timeout: 5000 };

/*
 * The lead forms as a visitor uses them (issue 16): validation and consent before anything is
 * sent, the exact body sent (consent, page, UTM), the server's field errors beside their fields,
 * 429 and network failures without losing what was typed, and the success state.
 */

const SELLER = {
  name: 'Atelier Learning Pvt Ltd',
  address: '12 Studio Lane, Pune 411001',
  gstin: '27AABCA1234A1Z5',
  email: 'hello@atelier.example',
  phone: '+91 20 4000 0000',
};
const ACCEPTED = {
  status: 201,
  body: { code: 201, message: 'Accepted', data: { accepted: true, submissionId: 41 } },
};

afterEach(() => setSiteConfig(DEFAULT_SITE_CONFIG));

/** Types a visitor's details into a lead form and ticks the consent box. */
async function fillLead(scope: HTMLElement, { consent = true }: { consent?: boolean } = {}) {
  await userEvent.type(within(scope).getByRole('textbox', { name: 'Your name' }), 'Asha Rao');
  await userEvent.type(within(scope).getByRole('textbox', { name: 'E-mail' }), 'asha@example.com');
  await userEvent.type(within(scope).getByRole('textbox', { name: 'Mobile number' }), '98765 43210');
  if (consent) await userEvent.click(within(scope).getByRole('checkbox', { name: LEAD_CONSENT_TEXT }));
}

function renderContact(handlers: Parameters<typeof scriptedApi>[0] = {}, path = '/contact-us') {
  const api = scriptedApi({ 'GET /api/site/seller': { data: SELLER }, ...handlers });
  return { ...renderApp(path, api.fetch), api };
}

async function contactForm(): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name: 'Send your message' }, SLOW);
  return button.closest('form')!;
}

describe('the contact page form (POST /api/callback, source contact)', () => {
  it('when sent empty, then every field says why, the first takes focus, the consent must be ticked, and nothing is sent', async () => {
    const { api } = renderContact();
    const form = await contactForm();
    const consent = within(form).getByRole('checkbox', { name: LEAD_CONSENT_TEXT });
    expect((consent as HTMLInputElement).checked).toBe(false);
    expect(within(form).getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );

    await userEvent.click(within(form).getByRole('button', { name: 'Send your message' }));

    const name = within(form).getByRole('textbox', { name: 'Your name' });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(name.getAttribute('aria-describedby')!);
    expect(described?.textContent).toContain('Enter your name.');
    expect(within(form).getByText('Enter your e-mail address.')).toBeTruthy();
    expect(within(form).getByText('Enter your mobile number.')).toBeTruthy();
    expect(within(form).getByText('Write your message.')).toBeTruthy();
    expect(within(form).getByText('Tick the box to agree before sending.')).toBeTruthy();
    expect(consent.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /api/callback')).toEqual([]);
  });

  it('when everything but the consent is filled in, then it is not sent until the box is ticked', async () => {
    const { api } = renderContact({ 'POST /api/callback': ACCEPTED });
    const form = await contactForm();
    await fillLead(form, { consent: false });
    await userEvent.type(within(form).getByRole('textbox', { name: 'How can we help?' }), 'A question.');
    await userEvent.click(within(form).getByRole('button', { name: 'Send your message' }));
    const consent = within(form).getByRole('checkbox', { name: LEAD_CONSENT_TEXT });
    await waitFor(() => expect(document.activeElement).toBe(consent));
    expect(api.callsTo('POST /api/callback')).toEqual([]);

    await userEvent.click(consent);
    await userEvent.click(within(form).getByRole('button', { name: 'Send your message' }));
    await waitFor(() => expect(api.callsTo('POST /api/callback')).toHaveLength(1));
  });

  it('when the e-mail is not an address, then the field says so in the contract’s words', async () => {
    const { api } = renderContact();
    const form = await contactForm();
    await fillLead(form);
    const email = within(form).getByRole('textbox', { name: 'E-mail' });
    await userEvent.clear(email);
    await userEvent.type(email, 'asha@');
    await userEvent.type(within(form).getByRole('textbox', { name: 'How can we help?' }), 'Hi');
    await userEvent.click(within(form).getByRole('button', { name: 'Send your message' }));
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('E-mail must be an email address such as name@example.com.')).toBeTruthy();
    expect(api.callsTo('POST /api/callback')).toEqual([]);
  });

  it('when a visitor from a campaign sends it, then the body is exactly the fields, consent, page and UTM, and the success shows', async () => {
    const { api } = renderContact(
      { 'POST /api/callback': ACCEPTED },
      '/contact-us?utm_source=google&utm_medium=cpc&utm_campaign=winter&utm_term=bim%20course',
    );
    const form = await contactForm();
    await fillLead(form);
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'How can we help?' }),
      'Which course suits a civil engineer?',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Send your message' }));

    const done = await screen.findByRole('status');
    expect(done.textContent).toContain('Your message is with the Atelier team');
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(api.callsTo('POST /api/callback').map((call) => call.body)).toEqual([
      {
        name: 'Asha Rao',
        email: 'asha@example.com',
        mobile: '98765 43210',
        consent: true,
        page: '/contact-us',
        utmSource: 'google',
        utmMedium: 'cpc',
        utmCampaign: 'winter',
        utmTerm: 'bim course',
        source: 'contact',
        message: 'Which course suits a civil engineer?',
      },
    ]);
  });

  it('when the server refuses a field, then its message shows beside that field', async () => {
    renderContact({
      'POST /api/callback': apiError(400, 'VALIDATION', 'The request is not valid.', [
        { path: 'mobile', message: 'must be an Indian mobile number' },
      ]),
    });
    const form = await contactForm();
    await fillLead(form);
    await userEvent.type(within(form).getByRole('textbox', { name: 'How can we help?' }), 'Hello');
    await userEvent.click(within(form).getByRole('button', { name: 'Send your message' }));

    const mobile = within(form).getByRole('textbox', { name: 'Mobile number' });
    await waitFor(() => expect(mobile.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(mobile.getAttribute('aria-describedby')!)?.textContent).toContain(
      'Mobile number must be an Indian mobile number.',
    );
    expect(document.activeElement).toBe(mobile);
  });

  it('when the server answers 429, then it says to try again in a minute and keeps what was typed', async () => {
    renderContact({
      'POST /api/callback': {
        status: 429,
        body: { code: 429, message: 'Rate limit exceeded', error: 'RATE_LIMITED' },
        headers: { 'retry-after': '60' },
      },
    });
    const form = await contactForm();
    await fillLead(form);
    await userEvent.type(within(form).getByRole('textbox', { name: 'How can we help?' }), 'Hello');
    await userEvent.click(within(form).getByRole('button', { name: 'Send your message' }));

    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Too many requests, try again in a minute.',
    );
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Your name' }).value).toBe('Asha Rao');
    expect(within(form).getByRole<HTMLTextAreaElement>('textbox', { name: 'How can we help?' }).value).toBe(
      'Hello',
    );
  });

  it('when the server fails, then it says the message was not sent and keeps what was typed', async () => {
    renderContact({
      'POST /api/callback': { status: 500, body: { code: 500, message: 'Internal', error: 'INTERNAL' } },
    });
    const form = await contactForm();
    await fillLead(form);
    await userEvent.type(within(form).getByRole('textbox', { name: 'How can we help?' }), 'Hello');
    await userEvent.click(within(form).getByRole('button', { name: 'Send your message' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(NOT_SENT_MESSAGE);
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Your name' }).value).toBe('Asha Rao');
  });

  it('when the network fails, then it asks to try again with nothing lost, and the retry is sent', async () => {
    let fail = true;
    const api = scriptedApi({ 'GET /api/site/seller': { data: SELLER }, 'POST /api/callback': ACCEPTED });
    const fetch: typeof globalThis.fetch = (input, init) => {
      const method = new Request(input, init).method;
      if (fail && method === 'POST') return Promise.reject(new TypeError('Failed to fetch'));
      return api.fetch(input, init);
    };
    renderApp('/contact-us', fetch);
    const form = await contactForm();
    await fillLead(form);
    await userEvent.type(within(form).getByRole('textbox', { name: 'How can we help?' }), 'Hello');
    await userEvent.click(within(form).getByRole('button', { name: 'Send your message' }));

    expect((await within(form).findByRole('alert')).textContent).toContain(
      'Check your connection and try again',
    );
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'E-mail' }).value).toBe(
      'asha@example.com',
    );
    fail = false;
    await userEvent.click(within(form).getByRole('button', { name: 'Send your message' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'Your message is with the Atelier team',
    );
  });
});

describe('UTM capture (spec §1: first touch of the visit, counted once with the client’s dateTime)', () => {
  it('when a visitor lands with utm_*, then the click is posted once, and a later landing neither overrides nor counts again', async () => {
    const before = Date.now();
    const first = renderContact(
      {
        'POST /api/utm/param/clicks': {
          status: 201,
          body: { code: 201, message: 'OK', data: { accepted: true } },
        },
      },
      '/contact-us?utm_source=insta&utm_campaign=reel-7&utm_content=v2&utm_term=',
    );
    await waitFor(() => expect(first.api.callsTo('POST /api/utm/param/clicks')).toHaveLength(1));
    const [click] = first.api.callsTo('POST /api/utm/param/clicks');
    const body = click!.body as Record<string, unknown>;
    expect(body).toEqual({
      utmSource: 'insta',
      utmCampaign: 'reel-7',
      utmContent: 'v2',
      page: '/contact-us',
      dateTime: expect.any(String) as unknown,
    });
    expect(Date.parse(body.dateTime as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(JSON.parse(window.sessionStorage.getItem(UTM_STORAGE_KEY)!)).toEqual({
      utmSource: 'insta',
      utmCampaign: 'reel-7',
      utmContent: 'v2',
    });
    first.unmount();

    // The same visit, a reload from another ad: the first touch stays, and it is not counted again.
    const second = renderContact({}, '/contact-us?utm_source=google');
    await contactForm();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(second.api.callsTo('POST /api/utm/param/clicks')).toEqual([]);
    expect(JSON.parse(window.sessionStorage.getItem(UTM_STORAGE_KEY)!).utmSource).toBe('insta');
    expect(window.sessionStorage.getItem(UTM_CLICK_SENT_KEY)).not.toBeNull();
  });

  it('when the address has no utm_*, then nothing is stored or posted', async () => {
    const { api } = renderContact({}, '/contact-us?ref=mail');
    await contactForm();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('POST /api/utm/param/clicks')).toEqual([]);
    expect(window.sessionStorage.getItem(UTM_STORAGE_KEY)).toBeNull();
  });
});

describe('/hire-us (POST /api/company/hire-us)', () => {
  it('when a company sends its requirement, then the body carries its fields and the consent', async () => {
    const api = scriptedApi({ 'POST /api/company/hire-us': ACCEPTED });
    renderApp('/hire-us', api.fetch);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hire from Atelier' })).toBeTruthy();
    const form = (await screen.findByRole('button', { name: 'Send your requirement' }, SLOW)).closest(
      'form',
    )!;
    await fillLead(form);
    await userEvent.click(within(form).getByRole('button', { name: 'Send your requirement' }));
    expect(within(form).getByText('Enter your company or studio.')).toBeTruthy();
    expect(within(form).getByText('Tell us what you need.')).toBeTruthy();
    expect(api.callsTo('POST /api/company/hire-us')).toEqual([]);

    await userEvent.type(within(form).getByRole('textbox', { name: 'Company or studio' }), 'Kiln Studio');
    await userEvent.type(within(form).getByRole('textbox', { name: 'What you need' }), '2 junior architects');
    await userEvent.click(within(form).getByRole('button', { name: 'Send your requirement' }));

    expect((await screen.findByRole('status')).textContent).toContain('placements team');
    expect(api.callsTo('POST /api/company/hire-us').map((call) => call.body)).toEqual([
      {
        name: 'Asha Rao',
        email: 'asha@example.com',
        mobile: '98765 43210',
        consent: true,
        page: '/hire-us',
        company: 'Kiln Studio',
        requirement: '2 junior architects',
      },
    ]);
  });
});

describe('/skill-test (spec §3: name, email, specialization, mobile, success)', () => {
  it('when a visitor signs up, then a call-back with source skill-test and the specialisation is sent', async () => {
    const api = scriptedApi({ 'POST /api/callback': ACCEPTED });
    renderApp('/skill-test', api.fetch);
    const form = (await screen.findByRole('button', { name: 'Send me the test' }, SLOW)).closest('form')!;
    await fillLead(form);
    await userEvent.click(within(form).getByRole('button', { name: 'Send me the test' }));
    expect(within(form).getByText('Choose your specialisation.')).toBeTruthy();

    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: 'Specialisation' }),
      'BIM and civil',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Send me the test' }));
    expect((await screen.findByRole('status')).textContent).toContain('You are signed up!');
    expect(api.callsTo('POST /api/callback').map((call) => call.body)).toEqual([
      {
        name: 'Asha Rao',
        email: 'asha@example.com',
        mobile: '98765 43210',
        consent: true,
        page: '/skill-test',
        source: 'skill-test',
        specialization: 'BIM and civil',
      },
    ]);
  });
});

describe('course page brochure (POST /api/course/curriculum/form)', () => {
  it('when the visitor asks for the brochure, then the form is sent and the success links the brochure of the answer', async () => {
    window.localStorage.setItem('referral_invite_seen', String(Date.now()));
    const api = scriptedApi({
      'GET /api/course/1/landing-page': { data: landingPage() },
      'POST /api/course/curriculum/form': {
        status: 201,
        body: {
          code: 201,
          message: 'Accepted',
          data: {
            name: 'Asha Rao',
            email: 'asha@example.com',
            mobile: '+91 9876543210',
            success: true,
            brochure: '/api/brochure/pdf?id=1',
            submissionId: 9,
          },
        },
      },
    });
    renderApp('/masterclass/parametric-facades?id=1', api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Brochure (PDF)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download the brochure' }, SLOW);
    await fillLead(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Get the brochure' }));

    const link = await within(dialog).findByRole('link', { name: /Open the brochure/ });
    expect(link.getAttribute('href')).toBe('/api/brochure/pdf?id=1');
    expect(api.callsTo('POST /api/course/curriculum/form').map((call) => call.body)).toEqual([
      {
        name: 'Asha Rao',
        email: 'asha@example.com',
        mobile: '98765 43210',
        consent: true,
        page: '/masterclass/parametric-facades',
        workshopId: 1,
        batchId: 10,
      },
    ]);
  });

  it('when the counselling popup is sent from a course page, then its interest names the course', async () => {
    window.localStorage.setItem('referral_invite_seen', String(Date.now()));
    const api = scriptedApi({
      'GET /api/course/1/landing-page': { data: landingPage() },
      'POST /api/callback': ACCEPTED,
    });
    renderApp('/masterclass/parametric-facades?id=1', api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Talk to a counsellor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Talk to a counsellor' }, SLOW);
    await fillLead(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request a call back' }));
    expect((await within(dialog).findByRole('status')).textContent).toContain('A counsellor will call you');
    expect(api.callsTo('POST /api/callback').map((call) => call.body)).toEqual([
      {
        name: 'Asha Rao',
        email: 'asha@example.com',
        mobile: '98765 43210',
        consent: true,
        page: '/masterclass/parametric-facades',
        source: 'counselling',
        interest: { name: landingPage().details.title, id: 1 },
      },
    ]);
  });
});

describe('the blog counselling popup (spec §3 formData)', () => {
  it('when sent, then the interest is the article’s name, id and CRM product id', async () => {
    window.localStorage.setItem('referral_invite_seen', String(Date.now()));
    const api = scriptedApi({ 'GET /api/blogs/7': { data: blogArticle }, 'POST /api/callback': ACCEPTED });
    renderApp('/blog/design-theory/daylight-and-shade?id=7', api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Talk to a counsellor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Talk to a counsellor' }, SLOW);
    await fillLead(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request a call back' }));
    await within(dialog).findByRole('status');
    expect(api.callsTo('POST /api/callback').map((call) => call.body)).toEqual([
      {
        name: 'Asha Rao',
        email: 'asha@example.com',
        mobile: '98765 43210',
        consent: true,
        page: '/blog/design-theory/daylight-and-shade',
        source: 'blog-counselling',
        interest: { name: blogArticle.title, id: 7, productId: 'blog-counselling' },
      },
    ]);
  });
});

describe('consultation booking (source consultation, packageId)', () => {
  it('when a signed-in learner books a package, then the free-call form opens with their details (no login page) and sends the package', async () => {
    storeSession();
    const api = scriptedApi({
      'GET /api/user/v2/details': { data: learner },
      'GET /api/consultation/1/service/package': { data: consultationPackages },
      'POST /api/consultation/page/blogs': { data: [] },
      'POST /api/callback': ACCEPTED,
    });
    const { router } = renderApp('/consultation', api.fetch);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Book a free consultation call: Room Makeover' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Book Room Makeover' }, SLOW);
    expect(router.state.location.pathname).toBe('/consultation');
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Your name' }).value).toBe(
      learner.name,
    );
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'E-mail' }).value).toBe(
      learner.email,
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: LEAD_CONSENT_TEXT }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book a free consultation call' }));
    await within(dialog).findByRole('status');
    expect(api.callsTo('POST /api/callback').map((call) => call.body)).toEqual([
      {
        name: learner.name,
        email: learner.email,
        mobile: learner.mobile,
        consent: true,
        page: '/consultation',
        source: 'consultation',
        interest: { name: 'Room Makeover', id: 2 },
        packageId: 2,
      },
    ]);
  });
});

describe('CompetitionContactForm (POST /api/competitions/contact-us)', () => {
  it('when a question is sent, then it carries the competition id and the message', async () => {
    const api = scriptedApi({ 'POST /api/competitions/contact-us': ACCEPTED });
    const store = createAppStore({ fetch: api.fetch, origin: 'http://api.test' });
    const router = createMemoryRouter(
      [{ path: '/competition/:slug', element: <CompetitionContactForm competitionId={5} /> }],
      { initialEntries: ['/competition/pavilion'] },
    );
    render(
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const form = (await screen.findByRole('button', { name: 'Send your question' }, SLOW)).closest('form')!;
    await fillLead(form);
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Your question' }),
      'Can teams of 3 enter?',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Send your question' }));
    await screen.findByRole('status');
    expect(api.callsTo('POST /api/competitions/contact-us').map((call) => call.body)).toEqual([
      {
        name: 'Asha Rao',
        email: 'asha@example.com',
        mobile: '98765 43210',
        consent: true,
        page: '/competition/pavilion',
        competitionId: 5,
        message: 'Can teams of 3 enter?',
      },
    ]);
  });
});

describe('the footer newsletter (POST /api/{partner}/subscribe)', () => {
  it('when a visitor subscribes, then it goes to the partner the server named', async () => {
    setSiteConfig({ popupSnoozeDays: 7, newsletterPartner: 'journal' });
    window.localStorage.setItem('referral_invite_seen', String(Date.now()));
    const api = scriptedApi({ 'POST /api/journal/subscribe': ACCEPTED });
    renderApp('/hire-us', api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe to our newsletter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Design notes, once a month' }, SLOW);
    await fillLead(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect((await within(dialog).findByRole('status')).textContent).toContain('You are subscribed');
    expect(api.callsTo('POST /api/journal/subscribe').map((call) => call.body)).toEqual([
      {
        name: 'Asha Rao',
        email: 'asha@example.com',
        mobile: '98765 43210',
        consent: true,
        page: '/hire-us',
      },
    ]);
  });
});
