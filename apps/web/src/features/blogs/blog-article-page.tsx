import { Link, useParams } from 'react-router';
import { PageIntro } from '../../components/ui/page-intro';

/** A readable title from an address segment: `'adaptive-reuse-101'` → `'Adaptive reuse 101'`. */
function titleFromSlug(slug: string | undefined): string {
  const words = (slug ?? '').replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Article';
}

/** `/blog/:category/:url?id=` (spec §2). The article body arrives with the blogs issue. */
export function BlogArticlePage() {
  const { category, url } = useParams();
  return (
    <PageIntro eyebrow={titleFromSlug(category)} title={titleFromSlug(url)}>
      <p className="page-intro__lede">
        <Link to="/blogs" className="text-link">
          All articles
        </Link>
      </p>
    </PageIntro>
  );
}
