import { lazy, Suspense } from 'react';
import { ChatIcon } from '../../../components/ui/icons';
import { defineIsland } from '../../../components/ui/island';
import { useAppDispatch, useAppSelector } from '../../../lib/store';
import { uiActions } from '../../../lib/ui-state';

// The counselling popup and its lead form load when the reader asks for it (issue 16).
const BlogCounsellingPopup = lazy(async () => ({
  default: (await import('./blog-counselling-popup')).BlogCounsellingPopup,
}));

/**
 * The CRM product blog counselling leads are filed under. The spec names a product id in the
 * popup's form data without its value; this stands in until the CRM's id is configured.
 */
const BLOG_COUNSELLING_PRODUCT = 'blog-counselling';

/** The article's "Talk to a counsellor" button and the popup it opens (spec §3 "Blog counselling popup"). */
function BlogCounselling({ articleId, articleTitle }: { articleId: number; articleTitle: string }) {
  const dispatch = useAppDispatch();
  const isOpen = useAppSelector((state) => state.ui.blogCounselling.showPopup);
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        onClick={() =>
          dispatch(
            uiActions.openBlogCounselling({
              name: articleTitle,
              id: articleId,
              productId: BLOG_COUNSELLING_PRODUCT,
            }),
          )
        }
      >
        <ChatIcon className="icon--sm" />
        Talk to a counsellor
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <BlogCounsellingPopup />
        </Suspense>
      ) : null}
    </>
  );
}

export default defineIsland('blog-counselling', BlogCounselling, 'visible');
