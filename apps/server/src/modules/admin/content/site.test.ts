import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, competitions } from '../../../db/schema/index.js';
import { createConsultationPackage, createTopBanner } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../../auth/testing.js';

/*
 * The console's site content (issue 17 point 2) through the real app: competitions, consultation
 * packages and the home page's top banner, campaigns and events — each change visible through the
 * public API at once (its cache refreshed) and audited; slugs unique (409); bad input 400.
 */

const NOW = new Date('2026-11-20T10:00:00Z');

const competitionBody = (over: Record<string, unknown> = {}) => ({
  title: 'Pavilion 2027',
  slug: 'pavilion-2027',
  summary: 'Design a summer pavilion',
  description: 'A pavilion for a public garden.',
  thumbnail: null,
  amount: 499,
  dollar: 9,
  registrationDeadline: '2026-12-31',
  startDate: '2027-01-05',
  endDate: '2027-02-05',
  isActive: true,
  brief: {
    siteArea: '400 m²',
    deliverables: ['2 A1 sheets'],
    prizes: ['₹50,000'],
    jury: ['B. V. Doshi'],
    rules: [],
  },
  ...over,
});

describe('staff console: site content (issue 17 point 2)', () => {
  let t: TestContext;
  let admin: Record<string, string>;

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: admin,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const publicData = async (url: string) => (await t.app.inject(url)).json().data as unknown;
  const actions = async (entity: string, id: number) =>
    (
      await t.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    )
      .map((r) => r.action)
      .sort();

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off' } });
    const user = await insertUser(t.database.db, { role: 'admin', name: 'Site Admin' });
    admin = bearer((await insertSession(t.database.db, user.id, NOW)).token);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('when a competition is created and edited, then the public list follows at once; a taken slug → 409; end before start → 400', async () => {
    const titles = async () =>
      ((await publicData('/api/competitions')) as { title: string }[]).map((c) => c.title);
    expect(await titles()).not.toContain('Pavilion 2027');
    const created = await send('POST', '/api/admin/competitions', competitionBody());
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    expect(created.json().data.brief).toMatchObject({ siteArea: '400 m²', jury: ['B. V. Doshi'] });
    expect(await titles()).toContain('Pavilion 2027');

    await send('PUT', `/api/admin/competitions/${id}`, competitionBody({ title: 'Pavilion 2027, renamed' }));
    expect(await titles()).toContain('Pavilion 2027, renamed');
    await send('PUT', `/api/admin/competitions/${id}`, competitionBody({ isActive: false }));
    expect(await titles()).not.toContain('Pavilion 2027');
    expect(await actions('competition', id)).toEqual([
      'competition.create',
      'competition.update',
      'competition.update',
    ]);

    const clash = await send('POST', '/api/admin/competitions', competitionBody());
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual([{ path: 'slug', message: expect.stringContaining('already used') }]);
    const bad = await send(
      'POST',
      '/api/admin/competitions',
      competitionBody({ slug: 'b', endDate: '2027-01-01', amount: -1 }),
    );
    expect(bad.statusCode).toBe(400);
    const [row] = await t.database.db
      .select({ n: competitions.id })
      .from(competitions)
      .where(eq(competitions.slug, 'b'));
    expect(row).toBeUndefined();
    const list = (await send('GET', '/api/admin/competitions?active=false')).json().data;
    expect(list.items).toEqual([expect.objectContaining({ id, registrations: 0, isActive: false })]);
  });

  it('when a consultation package is edited, then the public consultation page shows it at once; an unknown package → 404', async () => {
    await createConsultationPackage(t.database.db, { id: 1, name: 'Basic', price: 999 });
    const publicPackages = async () =>
      (
        (await publicData('/api/consultation/1/service/package')) as {
          packages: { id: number; name: string; price: number }[];
        }
      ).packages;
    expect((await publicPackages()).find((p) => p.id === 1)).toMatchObject({ name: 'Basic', price: 999 });
    const body = {
      name: 'Basic review',
      description: 'One hour with an architect',
      price: 1499,
      dollar: 20,
      covered: ['Plan review'],
      detailsRequired: ['Site plan'],
      services: [{ name: 'Call', description: 'Video call', durationMinutes: 60 }],
      isActive: true,
    };
    const saved = await send('PUT', '/api/admin/consultation-packages/1', body);
    expect(saved.statusCode).toBe(200);
    expect((await publicPackages()).find((p) => p.id === 1)).toMatchObject({
      name: 'Basic review',
      price: 1499,
    });
    expect(await actions('consultation_package', 1)).toEqual(['consultation_package.update']);
    expect((await send('PUT', '/api/admin/consultation-packages/77', body)).statusCode).toBe(404);
    expect(
      (await send('PUT', '/api/admin/consultation-packages/1', { ...body, price: 1.5 })).statusCode,
    ).toBe(400);
    expect((await send('GET', '/api/admin/consultation-packages')).json().data).toHaveLength(1);
  });

  it('when the top banner, a campaign with banners and an event are saved, then the public home calls show them at once', async () => {
    await createTopBanner(t.database.db, { content: 'Old banner' });
    expect(await publicData('/api/top-banner')).toMatchObject({ content: 'Old banner' });
    const banner = await send('POST', '/api/admin/top-banners', {
      content: 'Winter sale: 20% off',
      link: '/workshops',
      isActive: true,
    });
    expect(banner.statusCode).toBe(200);
    expect(await publicData('/api/top-banner')).toEqual({
      content: 'Winter sale: 20% off',
      link: '/workshops',
    });
    const bannerId = banner.json().data.id as number;
    await send('PUT', `/api/admin/top-banners/${bannerId}`, {
      content: 'Winter sale',
      link: null,
      isActive: false,
    });
    expect(await publicData('/api/top-banner')).toMatchObject({ content: 'Old banner' });
    expect(await actions('top_banner', bannerId)).toEqual(['top_banner.create', 'top_banner.update']);
    const badLink = await send('POST', '/api/admin/top-banners', {
      content: 'x',
      link: 'javascript:alert(1)',
      isActive: true,
    });
    expect(badLink.statusCode).toBe(400);

    expect(await publicData('/api/campaign/banners')).toEqual([]);
    const campaign = await send('POST', '/api/admin/campaigns', {
      name: 'Winter',
      isPopup: true,
      isSidebar: true,
      startsAt: '2026-11-01T00:00:00Z',
      endsAt: '2026-12-01T00:00:00Z',
      banners: [
        { type: 1, title: 'Popup', image: 'https://cdn.example/p.png', link: '/sale' },
        { type: 2, title: 'Side', image: 'https://cdn.example/s.png', link: null },
      ],
    });
    expect(campaign.statusCode).toBe(200);
    const campaignId = campaign.json().data.id as number;
    expect(((await publicData('/api/campaign/banners')) as { title: string }[]).map((b) => b.title)).toEqual([
      'Popup',
      'Side',
    ]);
    // Replacing the banners; ending the campaign before now hides them.
    await send('PUT', `/api/admin/campaigns/${campaignId}`, {
      name: 'Winter',
      isPopup: true,
      isSidebar: false,
      startsAt: '2026-11-01T00:00:00Z',
      endsAt: '2026-11-10T00:00:00Z',
      banners: [{ type: 1, title: 'Only', image: '/img/only.png', link: null }],
    });
    expect(await publicData('/api/campaign/banners')).toEqual([]);
    const stored = (await send('GET', `/api/admin/campaigns/${campaignId}`)).json().data;
    expect(stored.bannerList).toEqual([expect.objectContaining({ title: 'Only', type: 1 })]);
    const backwards = await send('POST', '/api/admin/campaigns', {
      name: 'Bad',
      isPopup: false,
      isSidebar: false,
      startsAt: '2026-12-01T00:00:00Z',
      endsAt: '2026-11-01T00:00:00Z',
      banners: [{ type: 3, title: '', image: '', link: null }],
    });
    expect(backwards.statusCode).toBe(400);

    const event = await send('POST', '/api/admin/event-objects', {
      name: 'Black Friday',
      payload: { ribbon: 'Ends Friday', discount: 30 },
      startsAt: null,
      endsAt: '2026-11-28T00:00:00Z',
    });
    expect(event.statusCode).toBe(200);
    const events = (await publicData('/api/event/objects')) as { name: string }[];
    expect(events.map((e) => e.name)).toContain('Black Friday');
    expect(await actions('event_object', event.json().data.id as number)).toEqual(['event_object.create']);
    const lists = await Promise.all(
      ['top-banners', 'campaigns', 'event-objects'].map(
        async (name) => (await send('GET', `/api/admin/${name}`)).json().data.total as number,
      ),
    );
    expect(lists).toEqual([2, 1, 1]);
    const campaignRows = (await send('GET', '/api/admin/campaigns')).json().data.items;
    expect(campaignRows).toEqual([expect.objectContaining({ id: campaignId, banners: 1 })]);
  });
});
