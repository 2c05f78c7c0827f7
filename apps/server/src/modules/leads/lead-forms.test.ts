import { LEAD_CONSENT_VERSION } from '@atelier/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaigns,
  competitions,
  consultationPackages,
  jobs,
  leadNotes,
  leads,
  mailingTagRequests,
  marketingFormSubmissions,
  utmClicks,
  workshops,
} from '../../db/schema/index.js';
import {
  startFakeMailchimp,
  type FakeMailchimp,
} from '../../integrations/mailing-lists/testing/fake-mailchimp.js';
import { subscriberHash } from '../../integrations/mailing-lists/http-mailing.js';
import { bearer, insertSession, insertUser } from '../auth/testing.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { AD_CONVERSION_TOPIC } from './conversions.js';
import { CRM_LEAD_TOPIC, CRM_NOTE_TOPIC } from './crm-jobs.js';
import { LEAD_FORMS_PER_MINUTE, MAILING_TAGS_PER_MINUTE, UTM_CLICKS_PER_MINUTE } from './leads.routes.js';
import { MAILING_TAGS_TOPIC } from './mailing-tags.js';

/*
 * The public lead, contact and mailing forms through the real app (issue 16): each accepted form is
 * one submission with its lead, note and outbox jobs; a refused one writes nothing; the per-IP limit
 * refuses one address and not the next; designated pages open a lead every time; the brochure and
 * the newsletter welcome are queued with the lead; mailing tags only ever name the caller's address.
 */

const NOW = new Date('2026-11-26T06:30:00Z');
let counter = 0;
const unique = () => `${++counter}.${process.pid}.${Math.random().toString(36).slice(2, 7)}`;
const email = () => `visitor.${unique()}@example.com`;
/** A client address of its own per call site, so one test's limit never touches another's. */
let ipCounter = 0;
const ip = () => `198.51.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

function lead(address = email(), over: Record<string, unknown> = {}) {
  return {
    name: 'Meera Kapoor',
    email: address,
    mobile: '9876543210',
    consent: true,
    page: '/course/revit-pro',
    utmSource: 'google',
    utmCampaign: 'winter',
    ...over,
  };
}

let t: TestContext;
let workshopId: number;
let competitionId: number;
let campaignId: number;
let packageId: number;

async function post(url: string, body: unknown, from = ip(), headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'x-forwarded-for': from, ...headers },
    payload: body as Record<string, unknown>,
  });
}

async function submissionsFor(address: string) {
  return t.database.db
    .select()
    .from(marketingFormSubmissions)
    .where(sql`${marketingFormSubmissions.payload}->>'email' = ${address}`);
}

async function leadsFor(address: string) {
  return t.database.db.select().from(leads).where(eq(leads.email, address));
}

async function jobsOf(topic: string) {
  return t.database.db.select().from(jobs).where(eq(jobs.topic, topic));
}

/** The CRM lead / note and ad-conversion jobs that name this contact's leads, notes or submissions. */
async function pipelineJobs(address: string) {
  const contactLeads = await leadsFor(address);
  const leadIds = contactLeads.map((l) => l.id);
  const submissionIds = (await submissionsFor(address)).map((s) => s.id);
  const all = await t.database.db
    .select()
    .from(jobs)
    .where(inArray(jobs.topic, [CRM_LEAD_TOPIC, CRM_NOTE_TOPIC, AD_CONVERSION_TOPIC]));
  return {
    crmLeads: all.filter((j) => j.topic === CRM_LEAD_TOPIC && leadIds.includes(Number(j.payload.leadId))),
    conversions: all.filter(
      (j) =>
        j.topic === AD_CONVERSION_TOPIC &&
        submissionIds.some((id) => j.dedupeKey === `${AD_CONVERSION_TOPIC}:lead:${id}`),
    ),
  };
}

beforeAll(async () => {
  t = await createTestApp({
    now: NOW,
    env: {
      JOBS_WORKER: 'off',
      // The app sits behind one proxy: the client is the X-Forwarded-For address.
      TRUST_PROXY_HOPS: '1',
      REDIRECT_PARTNERS: 'studio=https://studio.atelier.example',
      MAILING_LISTS: 'newsletter=atelier-newsletter',
    },
  });
  const db = t.database.db;
  [{ id: workshopId }] = (await db
    .insert(workshops)
    .values({
      type: 1,
      title: 'Revit Professional Masterclass',
      shortTitle: 'Revit Pro',
      slug: `revit-${unique()}`,
      brochureUrl: 'https://cdn.atelier.example/brochures/revit-pro.pdf',
    })
    .returning({ id: workshops.id })) as [{ id: number }];
  [{ id: competitionId }] = (await db
    .insert(competitions)
    .values({ title: 'Tiny House Challenge', slug: `tiny-${unique()}` })
    .returning({ id: competitions.id })) as [{ id: number }];
  [{ id: campaignId }] = (await db
    .insert(campaigns)
    .values({ name: 'Winter Offer' })
    .returning({ id: campaigns.id })) as [{ id: number }];
  packageId = 41;
  await db.insert(consultationPackages).values({ id: packageId, name: 'Home Design Review', price: 4999 });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Every lead form: its address, a valid body for a given e-mail, and what the CRM is told it is about. */
const FORMS: Array<{
  name: string;
  url: () => string;
  body: (address: string) => Record<string, unknown>;
  requirement: () => string;
}> = [
  {
    name: 'callback',
    url: () => '/api/callback',
    body: (a) => lead(a, { source: 'counselling', message: 'Which course suits a first-year student?' }),
    requirement: () => 'Counselling call',
  },
  {
    // Spec §3's blog counselling popup: the article is the interest, with the CRM's product id.
    name: 'callback (blog counselling popup)',
    url: () => '/api/callback',
    body: (a) =>
      lead(a, {
        source: 'blog-counselling',
        page: '/blog/why-bim-matters?id=12',
        interest: { name: 'Why BIM matters', id: 12, productId: 'P-778' },
      }),
    requirement: () => 'Why BIM matters',
  },
  {
    // Spec §3's skill-test signup form: its specialisation names what the lead is about.
    name: 'callback (skill-test signup)',
    url: () => '/api/callback',
    body: (a) => lead(a, { source: 'skill-test', page: '/skill-test', specialization: 'Interior design' }),
    requirement: () => 'Skill test: Interior design',
  },
  {
    name: 'campaignLeads',
    url: () => '/api/campaign/leads',
    body: (a) => lead(a, { campaignId }),
    requirement: () => 'Winter Offer',
  },
  {
    name: 'hireUs',
    url: () => '/api/company/hire-us',
    body: (a) =>
      lead(a, { company: 'Studio Nine', designation: 'Principal', requirement: '2 junior architects' }),
    requirement: () => 'Hire from Atelier',
  },
  {
    name: 'competitionsContact',
    url: () => '/api/competitions/contact-us',
    body: (a) => lead(a, { competitionId, message: 'May a team of three enter?' }),
    requirement: () => 'Tiny House Challenge',
  },
  {
    name: 'curriculumForm',
    url: () => '/api/course/curriculum/form',
    body: (a) => lead(a, { workshopId }),
    requirement: () => 'Revit Professional Masterclass',
  },
  {
    name: 'partnerContact',
    url: () => '/api/studio/contact',
    body: (a) => lead(a, { subject: 'Collaboration', message: 'We would like to work with you.' }),
    requirement: () => 'Contact: studio',
  },
  {
    name: 'partnerSubscribe',
    url: () => '/api/studio/subscribe',
    body: (a) => lead(a, { interests: ['BIM', 'bim', 'interiors'] }),
    requirement: () => 'Newsletter: studio',
  },
];

const formNamed = (name: string) => FORMS.find((f) => f.name === name)!;

describe.each(FORMS)('POST $name', (form) => {
  it('when the form is valid, then 201 with exactly one submission, its lead, note and jobs', async () => {
    const address = email();
    const res = await post(form.url(), form.body(address.toUpperCase()));
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as { submissionId: number };
    expect(data.submissionId).toBeGreaterThan(0);

    const rows = await submissionsFor(address);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(data.submissionId);
    expect(rows[0]!.consentVersion).toBe(LEAD_CONSENT_VERSION);
    // The consent's time is the moment the form was accepted, kept with the submission and the lead.
    expect(rows[0]!.consentedAt!.toISOString()).toBe(NOW.toISOString());
    expect(rows[0]!.userId).toBeNull();
    expect(rows[0]!.payload).toMatchObject({ mobile: '+91 9876543210', utm: { utmSource: 'google' } });
    const contactLeads = await leadsFor(address);
    expect(contactLeads).toHaveLength(1);
    expect(contactLeads[0]!.payload.requirementName).toBe(form.requirement());
    expect(contactLeads[0]!.consentVersion).toBe(LEAD_CONSENT_VERSION);
    expect(contactLeads[0]!.consentedAt!.toISOString()).toBe(NOW.toISOString());
    const notes = await t.database.db
      .select()
      .from(leadNotes)
      .where(eq(leadNotes.leadId, contactLeads[0]!.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.description).toContain('Meera Kapoor');
    const pipeline = await pipelineJobs(address);
    expect(pipeline.crmLeads).toHaveLength(1);
    expect(pipeline.conversions).toHaveLength(1);
  });

  it('when consent is missing or false, then 400 naming consent and nothing is written', async () => {
    const address = email();
    const { consent: _omit, ...without } = form.body(address);
    for (const body of [without, { ...without, consent: false }]) {
      const res = await post(form.url(), body);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('consent');
    }
    expect(await submissionsFor(address)).toEqual([]);
  });

  it('when the e-mail or the mobile is missing, a key is unknown, text has a NUL or a type is wrong, then 400 and nothing is written', async () => {
    const address = email();
    const valid = form.body(address);
    const { email: _e, ...noEmail } = valid;
    const { mobile: _m, ...noMobile } = valid;
    const bad = [
      noEmail,
      noMobile,
      { ...valid, isAdmin: true },
      { ...valid, name: 'Meera\u0000Kapoor' },
      { ...valid, name: 42 },
      { ...valid, consent: 'yes' },
    ];
    for (const body of bad) {
      const res = await post(form.url(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await submissionsFor(address)).toEqual([]);
  });

  it(`when one client address sends this form more than ${LEAD_FORMS_PER_MINUTE} times a minute, then 429 and the refused one is not stored`, async () => {
    const busy = ip();
    for (let i = 0; i < LEAD_FORMS_PER_MINUTE; i++)
      expect((await post(form.url(), form.body(email()), busy)).statusCode).toBe(201);
    const address = email();
    const refused = await post(form.url(), form.body(address), busy);
    expect(refused.statusCode).toBe(429);
    expect(await submissionsFor(address)).toEqual([]);
  });

  it('when the outbox jobs cannot be written, then 500 and neither the submission nor its lead or note is kept', async () => {
    // The jobs are the intake's last write: refusing them fails the form after its rows exist.
    await t.database.db.execute(
      sql.raw(
        `alter table jobs add constraint test_no_conversions check (topic <> '${AD_CONVERSION_TOPIC}') not valid`,
      ),
    );
    const address = email();
    try {
      const res = await post(form.url(), form.body(address));
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`alter table jobs drop constraint test_no_conversions`);
    }
    expect(await submissionsFor(address)).toEqual([]);
    expect(await leadsFor(address)).toEqual([]);
    const orphanNotes = await t.database.db
      .select()
      .from(leadNotes)
      .where(sql`${leadNotes.leadId} not in (select id from leads)`);
    expect(orphanNotes).toEqual([]);
    // The same visitor's next try goes through, once.
    expect((await post(form.url(), form.body(address))).statusCode).toBe(201);
    expect(await submissionsFor(address)).toHaveLength(1);
  });

  it('when the body is huge, then 413', async () => {
    const res = await post(form.url(), form.body(email()), ip(), {});
    expect(res.statusCode).toBe(201);
    const huge = await post(form.url(), { ...form.body(email()), message: 'x'.repeat(64 * 1024) });
    expect(huge.statusCode).toBe(413);
  });
});

describe('the per-IP limit', () => {
  it(`when one address sends more than ${LEAD_FORMS_PER_MINUTE} forms a minute, then it gets 429 while another address still gets 201`, async () => {
    const busy = ip();
    for (let i = 0; i < LEAD_FORMS_PER_MINUTE; i++) {
      const res = await post('/api/callback', lead(email(), { source: 'contact' }), busy);
      expect(res.statusCode).toBe(201);
    }
    const refused = await post('/api/callback', lead(email(), { source: 'contact' }), busy);
    expect(refused.statusCode).toBe(429);
    const other = await post('/api/callback', lead(email(), { source: 'contact' }), ip());
    expect(other.statusCode).toBe(201);
  });
});

describe('what the blog counselling popup and the skill-test signup tell sales (spec §3)', () => {
  it('when they are sent, then the CRM lead names the article’s product or the specialisation, and the note says so', async () => {
    const reader = email();
    expect(
      (await post('/api/callback', formNamed('callback (blog counselling popup)').body(reader))).statusCode,
    ).toBe(201);
    const [blogLead] = await leadsFor(reader);
    expect(blogLead!.payload).toMatchObject({
      requirementName: 'Why BIM matters',
      products: [{ id: 'P-778', name: 'Why BIM matters' }],
    });
    const [blogNote] = await t.database.db.select().from(leadNotes).where(eq(leadNotes.leadId, blogLead!.id));
    expect(blogNote!.description).toContain('Counselling call (from the blog)');
    expect(blogNote!.description).toContain('Interested in: Why BIM matters');

    const candidate = email();
    expect(
      (await post('/api/callback', formNamed('callback (skill-test signup)').body(candidate))).statusCode,
    ).toBe(201);
    const [testLead] = await leadsFor(candidate);
    expect(testLead!.payload).toMatchObject({ requirementName: 'Skill test: Interior design', products: [] });
    const [testNote] = await t.database.db.select().from(leadNotes).where(eq(leadNotes.leadId, testLead!.id));
    expect(testNote!.description).toContain('Specialisation: Interior design');
    expect((await submissionsFor(candidate))[0]!.payload).toMatchObject({
      source: 'skill-test',
      specialization: 'Interior design',
    });
  });
});

describe('the other public marketing calls are limited per client address too', () => {
  it(`when one address records more than ${UTM_CLICKS_PER_MINUTE} UTM landings a minute, then 429 while another address still gets 201`, async () => {
    const busy = ip();
    const click = { utmSource: 'newsletter', page: '/blogs', dateTime: '2026-11-26T06:00:00Z' };
    for (let i = 0; i < UTM_CLICKS_PER_MINUTE; i++)
      expect((await post('/api/utm/param/clicks', click, busy)).statusCode).toBe(201);
    expect((await post('/api/utm/param/clicks', click, busy)).statusCode).toBe(429);
    expect((await post('/api/utm/param/clicks', click, ip())).statusCode).toBe(201);
  });

  it(`when one address tags more than ${MAILING_TAGS_PER_MINUTE} times a minute, even for different accounts, then 429`, async () => {
    const busy = ip();
    const asAccount = async () => {
      const user = await insertUser(t.database.db);
      return bearer((await insertSession(t.database.db, user.id, NOW)).token);
    };
    const [a, b] = [await asAccount(), await asAccount()];
    for (let i = 0; i < MAILING_TAGS_PER_MINUTE; i++)
      expect(
        (await post('/api/newsletter/email/tags', { tags: ['bim'] }, busy, i % 2 ? a : b)).statusCode,
      ).toBe(200);
    expect((await post('/api/newsletter/audience/tags', { tags: ['bim'] }, busy, a)).statusCode).toBe(200);
    expect((await post('/api/newsletter/email/tags', { tags: ['bim'] }, busy, b)).statusCode).toBe(429);
  });
});

describe('unknown names and ids', () => {
  it('when the partner is not in the closed map, then 404 "Unknown partner" and nothing is written', async () => {
    const address = email();
    for (const [url, body] of [
      ['/api/nowhere/contact', lead(address, { message: 'Hello' })],
      ['/api/nowhere/subscribe', lead(address)],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Unknown partner.');
    }
    expect(await submissionsFor(address)).toEqual([]);
  });

  it('when a course, competition, campaign or package id is unknown, then 404 naming it and nothing is written', async () => {
    const address = email();
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/api/course/curriculum/form', { workshopId: 999_999 }, 'That course'],
      ['/api/competitions/contact-us', { competitionId: 999_999, message: 'Hi' }, 'That competition'],
      ['/api/campaign/leads', { campaignId: 999_999 }, 'That campaign'],
      ['/api/callback', { source: 'consultation', packageId: 999_999 }, 'That consultation package'],
    ];
    for (const [url, extra, what] of cases) {
      const res = await post(url, lead(address, extra));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toContain(what);
    }
    expect(await submissionsFor(address)).toEqual([]);
  });
});

describe('once per contact per day, and the designated pages', () => {
  it('when the same contact sends a non-designated form twice the same day, then one lead with two notes', async () => {
    const address = email();
    expect((await post('/api/company/hire-us', formNamed('hireUs').body(address))).statusCode).toBe(201);
    expect((await post('/api/callback', lead(address, { source: 'counselling' }))).statusCode).toBe(201);
    const contactLeads = await leadsFor(address);
    expect(contactLeads).toHaveLength(1);
    const notes = await t.database.db
      .select()
      .from(leadNotes)
      .where(eq(leadNotes.leadId, contactLeads[0]!.id));
    expect(notes).toHaveLength(2);
    expect((await pipelineJobs(address)).crmLeads).toHaveLength(1);
  });

  it('when the same contact books a consultation twice, then two leads, each with its CRM job', async () => {
    const address = email();
    const body = lead(address, { source: 'consultation', packageId });
    expect((await post('/api/callback', body)).statusCode).toBe(201);
    expect((await post('/api/callback', body)).statusCode).toBe(201);
    const contactLeads = await leadsFor(address);
    expect(contactLeads).toHaveLength(2);
    expect(contactLeads.every((l) => l.designated)).toBe(true);
    expect(contactLeads[0]!.payload.requirementName).toBe('Home Design Review');
    expect((await pipelineJobs(address)).crmLeads).toHaveLength(2);
  });

  it('when the same contact asks for a brochure twice, then two leads, the brochure in each answer and a brochure e-mail queued each time', async () => {
    const address = email();
    const answers = [];
    for (let i = 0; i < 2; i++) {
      const res = await post('/api/course/curriculum/form', lead(address, { workshopId }));
      expect(res.statusCode).toBe(201);
      answers.push(res.json().data);
    }
    expect(answers[0]).toMatchObject({
      name: 'Meera Kapoor',
      email: address,
      mobile: '+91 9876543210',
      success: true,
      brochure: `/api/brochure/pdf?id=${workshopId}`,
    });
    expect(await leadsFor(address)).toHaveLength(2);
    const brochures = (await jobsOf('notification.send')).filter(
      (j) => j.payload.kind === 'brochure' && (j.payload.to as { email?: string }).email === address,
    );
    expect(brochures).toHaveLength(2);
    expect(brochures[0]!.payload).toMatchObject({ workshopId, to: { email: address, name: 'Meera Kapoor' } });

    // The brochure it names is served.
    const pdf = await t.app.inject({ method: 'GET', url: answers[0].brochure as string });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });

  it('when the course has no brochure, then the lead is still taken, the answer names none and no brochure e-mail is queued', async () => {
    const [bare] = await t.database.db
      .insert(workshops)
      .values({ type: 1, title: 'Sketching Basics', shortTitle: 'Sketching', slug: `sketch-${unique()}` })
      .returning({ id: workshops.id });
    const address = email();
    const res = await post('/api/course/curriculum/form', lead(address, { workshopId: bare!.id }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ success: true, brochure: '' });
    expect(await leadsFor(address)).toHaveLength(1);
    const brochures = (await jobsOf('notification.send')).filter(
      (j) => j.payload.kind === 'brochure' && (j.payload.to as { email?: string }).email === address,
    );
    expect(brochures).toEqual([]);
  });

  it('when a visitor subscribes, then a newsletter-welcome is queued once for that list and address', async () => {
    const address = email();
    for (let i = 0; i < 2; i++)
      expect((await post('/api/studio/subscribe', lead(address))).statusCode).toBe(201);
    const welcomes = (await jobsOf('notification.send')).filter(
      (j) =>
        j.payload.kind === 'newsletter-welcome' && (j.payload.to as { email?: string }).email === address,
    );
    expect(welcomes).toHaveLength(1);
    expect(welcomes[0]!.payload.list).toBe('studio');
    expect(await submissionsFor(address)).toHaveLength(2);
  });

  it('when a signed-in learner sends a form, then the submission is theirs whatever the body says', async () => {
    const user = await insertUser(t.database.db);
    const { token } = await insertSession(t.database.db, user.id, NOW);
    const address = email();
    const res = await post('/api/callback', lead(address, { source: 'contact' }), ip(), bearer(token));
    expect(res.statusCode).toBe(201);
    expect((await submissionsFor(address))[0]!.userId).toBe(user.id);
    const forged = await post('/api/callback', lead(email(), { source: 'contact', userId: 1 }));
    expect(forged.statusCode).toBe(400);
  });
});

describe('POST /api/utm/param/clicks', () => {
  it('when a landing is recorded, then one row with our time and the client’s, and bad input is 400', async () => {
    const trackerId = `trk-${unique()}`;
    const body = {
      utmSource: 'newsletter',
      utmCampaign: 'winter',
      page: '/course/revit-pro',
      dateTime: '2026-11-26T05:59:00+05:30',
      trackerId,
    };
    const res = await post('/api/utm/param/clicks', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ accepted: true });
    const rows = await t.database.db.select().from(utmClicks).where(eq(utmClicks.trackerId, trackerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.clickedAt!.toISOString()).toBe('2026-11-26T00:29:00.000Z');
    expect(rows[0]!.createdAt.toISOString()).toBe(NOW.toISOString());
    expect(rows[0]).toMatchObject({ utmSource: 'newsletter', pageUrl: '/course/revit-pro' });

    for (const bad of [
      { ...body, dateTime: 'yesterday' },
      { page: '/x', dateTime: body.dateTime },
      { ...body, extra: 1 },
      { ...body, utmSource: 'a\u0000b' },
    ])
      expect((await post('/api/utm/param/clicks', bad)).statusCode).toBe(400);
    expect(
      await t.database.db.select().from(utmClicks).where(eq(utmClicks.trackerId, trackerId)),
    ).toHaveLength(1);
  });
});

describe('mailing-list tags', () => {
  it('when a learner tags, then only their own address is recorded with its job, tags normalised and de-duplicated', async () => {
    const user = await insertUser(t.database.db);
    const { token } = await insertSession(t.database.db, user.id, NOW);
    const res = await post(
      '/api/newsletter/email/tags',
      { tags: [' BIM ', 'bim', 'Interiors'] },
      ip(),
      bearer(token),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ accepted: true, tags: ['bim', 'interiors'] });
    const rows = await t.database.db
      .select()
      .from(mailingTagRequests)
      .where(eq(mailingTagRequests.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: user.email!.toLowerCase(),
      listId: 'atelier-newsletter',
      scope: 'email',
      tags: ['bim', 'interiors'],
    });
    const queued = (await jobsOf(MAILING_TAGS_TOPIC)).filter((j) => j.payload.requestId === rows[0]!.id);
    expect(queued).toHaveLength(1);

    // The local adapter (no provider configured) delivers it.
    await t.app.jobs.runner.drain();
    const [delivered] = await t.database.db
      .select()
      .from(mailingTagRequests)
      .where(eq(mailingTagRequests.id, rows[0]!.id));
    expect(delivered!.deliveredBy).toBe('local');
  });

  it('when the body names an address, the list is unknown or the caller is a visitor, then it is refused', async () => {
    const user = await insertUser(t.database.db);
    const { token } = await insertSession(t.database.db, user.id, NOW);
    const forged = await post(
      '/api/newsletter/audience/tags',
      { tags: ['bim'], email: 'someone.else@example.com' },
      ip(),
      bearer(token),
    );
    expect(forged.statusCode).toBe(400);
    expect(JSON.stringify(forged.json())).toContain('email');
    const unknown = await post('/api/nowhere/email/tags', { tags: ['bim'] }, ip(), bearer(token));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Unknown mailing list.');
    expect((await post('/api/newsletter/email/tags', { tags: ['bim'] })).statusCode).toBe(401);
    expect(
      await t.database.db.select().from(mailingTagRequests).where(eq(mailingTagRequests.userId, user.id)),
    ).toEqual([]);
  });
});

describe('the real mailing adapter against a fake Mailchimp', () => {
  let fake: FakeMailchimp;
  let app: TestContext;
  const KEY = 'mc-test-key-0123456789-us21';

  beforeAll(async () => {
    fake = await startFakeMailchimp();
    app = await createTestApp({
      now: NOW,
      env: { JOBS_WORKER: 'off', MAILING_API_URL: fake.url, MAILING_API_KEY: KEY },
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  it('when member tags are delivered, then the provider gets the member’s md5 path, Basic auth and the active tags', async () => {
    const user = await insertUser(app.database.db, { email: `Mixed.Case.${unique()}@Example.com` });
    const { token } = await insertSession(app.database.db, user.id, NOW);
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/newsletter/email/tags',
      headers: bearer(token),
      payload: { tags: ['BIM', 'revit'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Nothing reaches the provider before the job runs: the answer never waits for it.
    expect(fake.requests).toHaveLength(0);
    await app.app.jobs.runner.drain();

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    const hash = subscriberHash(user.email!);
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe(`/lists/atelier-newsletter/members/${hash}/tags`);
    expect(request!.headers.authorization).toBe(
      `Basic ${Buffer.from(`anystring:${KEY}`).toString('base64')}`,
    );
    expect(request!.body).toEqual({
      tags: [
        { name: 'bim', status: 'active' },
        { name: 'revit', status: 'active' },
      ],
    });
    const [row] = await app.database.db
      .select()
      .from(mailingTagRequests)
      .where(eq(mailingTagRequests.userId, user.id));
    expect(row!.deliveredBy).toBe('remote');
  });

  it('when the provider fails once, then the job retries and the member is still tagged; audience tags join the segments', async () => {
    const user = await insertUser(app.database.db);
    const { token } = await insertSession(app.database.db, user.id, NOW);
    fake.fail(503, 1);
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/newsletter/audience/tags',
      headers: bearer(token),
      payload: { tags: ['webinar'] },
    });
    expect(res.statusCode).toBe(200);
    await app.app.jobs.runner.drain();
    const [row] = await app.database.db
      .select()
      .from(mailingTagRequests)
      .where(and(eq(mailingTagRequests.userId, user.id), eq(mailingTagRequests.scope, 'audience')));
    // The first attempt failed; the job is pending again (backoff), not delivered and not dead.
    expect(row!.deliveredAt).toBeNull();
    const [job] = (
      await app.database.db.select().from(jobs).where(eq(jobs.topic, MAILING_TAGS_TOPIC))
    ).filter((j) => j.payload.requestId === row!.id);
    expect(job!.status).toBe('pending');
    expect(job!.lastError).toContain('503');
    await app.database.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.id, job!.id));
    await app.app.jobs.runner.drain();
    const segment = fake.segments.get('atelier-newsletter')?.get('webinar');
    expect([...(segment?.members ?? [])]).toEqual([user.email!.toLowerCase()]);
  });
});
