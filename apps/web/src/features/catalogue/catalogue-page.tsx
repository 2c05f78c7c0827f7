import { catalogueOrder } from '@atelier/domain';
import { Link, useSearchParams } from 'react-router';
import { PageIntro } from '../../components/ui/page-intro';
import { useCurrencyCode } from '../../lib/api/currency';
import { flattenWorkshops, useWorkshopList } from '../../lib/api/workshops';
import { WorkshopCard } from './components/workshop-card';
import './catalogue.css';

/**
 * `/courses-and-workshops`: every category with its masterclasses and courses, optionally narrowed
 * to one category (`?category={id}`, the header menu's links).
 */
export function CataloguePage() {
  const { categories } = useWorkshopList();
  const currency = useCurrencyCode();
  const [searchParams] = useSearchParams();
  const selectedId = Number(searchParams.get('category'));
  const selected = categories.find((c) => c.id === selectedId);
  const shown = selected ? [selected] : categories;

  return (
    <>
      <PageIntro
        eyebrow="Catalogue"
        title={selected ? selected.name : 'Courses and workshops'}
        lede="Live masterclasses and cohort courses across architecture, interiors and design."
      />
      <div className="container catalogue">
        {categories.length > 1 ? (
          <nav className="filter-bar" aria-label="Categories">
            <ul>
              <li>
                <Link
                  to="/courses-and-workshops"
                  className="filter-chip"
                  aria-current={selected ? undefined : 'page'}
                >
                  All
                </Link>
              </li>
              {categories.map((category) => (
                <li key={category.id}>
                  <Link
                    to={`/courses-and-workshops?category=${category.id}`}
                    className="filter-chip"
                    aria-current={category.id === selected?.id ? 'page' : undefined}
                  >
                    {category.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {shown.length === 0 ? (
          <p className="empty-note">The catalogue is being updated. Please check back in a little while.</p>
        ) : (
          shown.map((category) => {
            const workshops = catalogueOrder(flattenWorkshops([category]));
            return (
              <section
                key={category.id}
                className="workshop-section"
                aria-labelledby={`category-${category.id}`}
              >
                <h2 id={`category-${category.id}`} className="section-title">
                  {category.name}
                </h2>
                {workshops.length > 0 ? (
                  <ul className="card-grid">
                    {workshops.map((workshop) => (
                      <li key={workshop.id}>
                        <WorkshopCard workshop={workshop} currency={currency} />
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="empty-note">New programmes in {category.name} are on their way.</p>
                )}
              </section>
            );
          })
        )}
      </div>
    </>
  );
}
