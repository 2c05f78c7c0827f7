import { SESSION_TYPE, slugify, WORKSHOP_TYPE, workshopPath } from '@atelier/domain';
import { useMemo } from 'react';
import { data, Link, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { CalendarIcon, ClockIcon, PlayIcon } from '../../components/ui/icons';
import { settle } from '../../lib/api/base-api';
import { useCurrencyCode } from '../../lib/api/currency';
import {
  selectCatalogueWorkshops,
  useWorkshopList,
  workshopsQuery,
  type CatalogueWorkshop,
} from '../../lib/api/workshops';
import { formatDayRange, formatWallTime } from '../../lib/format';
import { useLayoutSlots } from '../../lib/layout-slots';
import type { LoaderHead } from '../../lib/page-head';
import { priceLabel } from '../../lib/price';
import type { AppStore } from '../../lib/store';
import { categoriesTreeQuery, useCategoriesTree } from './api/categories-tree';
import { scheduleLabel, typeLabel, WorkshopCard } from './components/workshop-card';
import './catalogue.css';

/** How many related workshops the detail page suggests. */
const RELATED_COUNT = 3;

interface WorkshopPageData extends LoaderHead {
  workshopId: number | null;
}

/**
 * Loader of `/masterclass/:slug` and `/course/:slug` (spec §2): finds the workshop by `?id=` (or
 * by slug), answers 404 when the list loaded and has no such workshop, and redirects to the
 * canonical address (`workshopPath`) when the kind, slug or id in the address differ.
 */
export function workshopPageLoader(store: AppStore) {
  return async ({ request, params }: LoaderFunctionArgs): Promise<WorkshopPageData | Response> => {
    // The category tree feeds "More like this"; it loads alongside, and the page waits for it.
    const related = settle(store.dispatch(categoriesTreeQuery.initiate()));
    await settle(store.dispatch(workshopsQuery.initiate()));
    const listLoaded = workshopsQuery.select()(store.getState()).isSuccess;
    const workshops = selectCatalogueWorkshops(store.getState());
    const url = new URL(request.url);
    const id = Number(url.searchParams.get('id'));
    const workshop =
      workshops.find((w) => w.id === id) ??
      workshops.find((w) => params.slug && slugify(w.shortTitle) === params.slug);

    if (!workshop) {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's way to answer 404
      if (listLoaded) throw data(null, { status: 404, statusText: 'Not Found' });
      // The list failed to load (spec §8: empty list): say so on the page rather than a false 404.
      await related;
      return { workshopId: null, head: { title: 'Course' } };
    }

    const canonical = new URL(workshopPath(workshop), url);
    if (canonical.pathname !== url.pathname || url.searchParams.get('id') !== String(workshop.id)) {
      url.searchParams.forEach((value, key) => {
        if (key !== 'id') canonical.searchParams.append(key, value);
      });
      return redirect(canonical.pathname + canonical.search, 301);
    }

    await related;
    return {
      workshopId: workshop.id,
      head: {
        title: workshop.title,
        description: `${typeLabel(workshop)} in ${workshop.Category.name} on Atelier. ${scheduleLabel(workshop)}.`,
      },
    };
  };
}

/** Other workshops sharing a subcategory with this one, in subcategory order. */
function useRelatedWorkshops(workshop: CatalogueWorkshop | undefined): CatalogueWorkshop[] {
  const tree = useCategoriesTree();
  const { workshops } = useWorkshopList();
  return useMemo(() => {
    if (!workshop) return [];
    const byId = new Map(workshops.map((w) => [w.id, w]));
    const related: CatalogueWorkshop[] = [];
    for (const category of tree) {
      for (const sub of category.Subcategory) {
        if (!sub.CourseCategories.some((cc) => cc.Workshop.id === workshop.id)) continue;
        for (const { Workshop } of sub.CourseCategories) {
          const found = byId.get(Workshop.id);
          if (found && found.id !== workshop.id && !related.includes(found)) related.push(found);
        }
      }
    }
    return related.slice(0, RELATED_COUNT);
  }, [tree, workshops, workshop]);
}

/**
 * A masterclass or course (spec §2). Until the detail endpoints arrive, it shows what the
 * every-page list knows: title, kind, category, batch dates and times, and price.
 */
export function WorkshopPage() {
  const { workshopId } = useLoaderData<WorkshopPageData>();
  const { workshops } = useWorkshopList();
  const currency = useCurrencyCode();
  const { campaignSidebar } = useLayoutSlots();
  const workshop = workshops.find((w) => w.id === workshopId);
  const related = useRelatedWorkshops(workshop);

  if (!workshop) {
    return (
      <div className="container workshop-missing">
        <h1 className="page-intro__title">This programme is not available right now</h1>
        <p className="section-lede">Please try again in a moment, or browse the catalogue.</p>
        <Link to="/courses-and-workshops" className="button button--primary">
          Browse courses
        </Link>
      </div>
    );
  }

  const batch = workshop.Batches[0];
  const recorded = batch?.sessionType === SESSION_TYPE.recorded;
  const dates = batch ? formatDayRange(batch.startDate, batch.endDate) : '';
  const schedule = batch?.BatchSchedules[0];
  const times = schedule ? `${formatWallTime(schedule.startTime)} – ${formatWallTime(schedule.endTime)}` : '';
  const price = priceLabel(workshop, currency);
  const paymentPath = workshopPath(workshop).replace(/^\/(masterclass|course)\//, '/payments/');
  const kind = typeLabel(workshop);

  return (
    <>
      <section className="workshop-hero" aria-labelledby="workshop-title">
        <div className="container">
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <ol>
              <li>
                <Link to="/">Home</Link>
              </li>
              <li>
                <Link to="/courses-and-workshops">Courses and workshops</Link>
              </li>
              <li>
                <span aria-current="page">{workshop.shortTitle}</span>
              </li>
            </ol>
          </nav>
          <div className="workshop-hero__grid">
            <div className="workshop-hero__main">
              <p className="workshop-hero__chips">
                <span className={`chip ${workshop.type === WORKSHOP_TYPE.masterclass ? 'chip--live' : ''}`}>
                  {kind}
                </span>
                <span className="chip chip--quiet">{workshop.Category.name}</span>
                {workshop.markAs ? <span className="chip chip--hot">{workshop.markAs}</span> : null}
              </p>
              <h1 id="workshop-title" className="workshop-hero__title">
                {workshop.title}
              </h1>
              <dl className="workshop-facts">
                <div>
                  <dt>{recorded ? <PlayIcon /> : <CalendarIcon />} When</dt>
                  <dd>{recorded ? 'Recorded — start any time' : dates || 'Dates announced soon'}</dd>
                </div>
                {times && !recorded ? (
                  <div>
                    <dt>
                      <ClockIcon /> Time
                    </dt>
                    <dd>{times}</dd>
                  </div>
                ) : null}
                <div>
                  <dt>
                    <PlayIcon /> Format
                  </dt>
                  <dd>{recorded ? 'Recorded sessions' : 'Live online'}</dd>
                </div>
              </dl>
            </div>
            <aside className="enrol-card" aria-label={`Enrol in this ${kind.toLowerCase()}`}>
              {price ? (
                <p className="enrol-card__price">
                  <span className="visually-hidden">Price </span>
                  <span className="price__now">{price.price}</span>
                  {price.was ? (
                    <del className="price__was">
                      <span className="visually-hidden">was </span>
                      {price.was}
                    </del>
                  ) : null}
                </p>
              ) : (
                <p className="enrol-card__price">Price on request</p>
              )}
              <Link to={paymentPath} className="button button--primary button--block button--large">
                Enrol now
              </Link>
              <p className="enrol-card__note">Pay in full or in instalments. Certificate on completion.</p>
            </aside>
          </div>
        </div>
      </section>

      <div className={`container home-layout ${campaignSidebar ? 'home-layout--with-sidebar' : ''}`}>
        <div className="home-layout__main">
          {related.length > 0 ? (
            <section className="workshop-section" aria-labelledby="related-title">
              <h2 id="related-title" className="section-title">
                More like this
              </h2>
              <ul className="card-grid card-grid--three">
                {related.map((w) => (
                  <li key={w.id}>
                    <WorkshopCard workshop={w} currency={currency} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
        {campaignSidebar ? <div className="home-layout__aside">{campaignSidebar}</div> : null}
      </div>
    </>
  );
}
