import { PageIntro } from '../../components/ui/page-intro';

/** `/blogs` (spec §2). The article list arrives with the blogs issue. */
export function BlogsPage() {
  return (
    <PageIntro
      eyebrow="Journal"
      title="Blogs"
      lede="Essays, studio visits and career notes from architects and designers."
    />
  );
}
