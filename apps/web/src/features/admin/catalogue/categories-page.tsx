import type { AdminCategory, AdminSubcategory } from '@atelier/contract';
import { useState } from 'react';
import { apiFormMessage } from '../../../lib/forms';
import { Chip, ConsolePage } from '../components/cells';
import {
  useGetAdminCategoriesQuery,
  useReorderAdminCategoriesMutation,
  useReorderAdminSubcategoriesMutation,
} from './catalogue-api';
import { CategoryDialog, type CategoryTarget } from './category-dialog';
import { ReorderList } from './reorder-list';
import './catalogue.css';

/** Puts `items` in the order of `ids` (ids it does not know are skipped). */
function inOrder<T extends { id: number }>(items: readonly T[], ids: readonly number[] | undefined): T[] {
  if (!ids) return [...items];
  const byId = new Map(items.map((item) => [item.id, item]));
  const ordered = ids.map((id) => byId.get(id)).filter((item): item is T => item !== undefined);
  return ordered.length === items.length ? ordered : [...items];
}

/**
 * Categories and their subcategories (issue 17 point 1): create, rename, show or hide, and put
 * in order by dragging or with the Move up / Move down buttons. The new order shows at once and is
 * saved with one call; a failure puts the old order back and says why.
 */
export function CategoriesPage() {
  const tree = useGetAdminCategoriesQuery();
  const [reorderCategories, categoriesState] = useReorderAdminCategoriesMutation();
  const [reorderSubcategories, subState] = useReorderAdminSubcategoriesMutation();
  const [target, setTarget] = useState<CategoryTarget | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Orders shown while their save is on its way (for the tree they were made on: once the tree is
  // read again after the save, it shows the server's order).
  type Pending = { base: unknown; categories?: number[]; subs: Record<number, number[]> };
  const [pendingState, setPending] = useState<Pending>({ base: undefined, subs: {} });
  const pending: Pending = pendingState.base === tree.data ? pendingState : { base: tree.data, subs: {} };
  const current = (p: Pending): Pending => (p.base === tree.data ? p : { base: tree.data, subs: {} });

  const saveCategories = (ids: number[], announcement: string) => {
    setError(null);
    setPending((p) => ({ ...current(p), categories: ids }));
    setStatus(announcement);
    reorderCategories(ids)
      .unwrap()
      .then(() => setStatus(`${announcement} Order saved.`))
      .catch((failure: unknown) => {
        setPending({ base: undefined, subs: {} });
        setError(apiFormMessage(failure));
      });
  };
  const saveSubcategories = (category: AdminCategory, ids: number[], announcement: string) => {
    setError(null);
    setPending((p) => {
      const base = current(p);
      return { ...base, subs: { ...base.subs, [category.id]: ids } };
    });
    setStatus(announcement);
    reorderSubcategories({ categoryId: category.id, ids })
      .unwrap()
      .then(() => setStatus(`${announcement} Order saved.`))
      .catch((failure: unknown) => {
        setPending({ base: undefined, subs: {} });
        setError(apiFormMessage(failure));
      });
  };

  const categories = inOrder(tree.data?.items ?? [], pending.categories);
  const busy = categoriesState.isLoading || subState.isLoading || tree.isFetching;

  return (
    <ConsolePage
      title="Categories"
      intro="The catalogue's categories and subcategories, in the order the site shows them. Drag a row by its handle, or use its arrow buttons, to reorder."
    >
      <div className="catalogue-toolbar">
        <button
          type="button"
          className="button button--primary"
          onClick={() => setTarget({ kind: 'category' })}
        >
          New category
        </button>
      </div>
      <p role="status" aria-live="polite" className="catalogue-live">
        {status}
      </p>
      {error ? (
        <p role="alert" className="admin-message admin-message--alert">
          {error}
        </p>
      ) : null}
      {tree.isLoading ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> Loading the categories…
        </p>
      ) : tree.error ? (
        <div role="alert" className="admin-message admin-message--alert">
          <p>The categories could not be loaded.</p>
          <button type="button" className="button" onClick={() => void tree.refetch()}>
            Try again
          </button>
        </div>
      ) : categories.length === 0 ? (
        <p className="admin-muted">No categories yet. Create the first one.</p>
      ) : (
        <ReorderList
          items={categories}
          label={(c) => c.name}
          busy={busy}
          onReorder={saveCategories}
          renderItem={(category) => (
            <div className="catalogue-category">
              <div className="catalogue-category__head">
                <strong>{category.name}</strong>
                <span className="admin-muted">/{category.slug}</span>
                <Chip tone={category.isActive ? 'good' : 'muted'}>
                  {category.isActive ? 'Active' : 'Inactive'}
                </Chip>
                <span className="catalogue-category__actions">
                  <button
                    type="button"
                    className="button button--quiet button--small"
                    aria-label={`Edit ${category.name}`}
                    onClick={() => setTarget({ kind: 'category', ...category })}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="button button--quiet button--small"
                    aria-label={`Add a subcategory to ${category.name}`}
                    onClick={() =>
                      setTarget({ kind: 'subcategory', categoryId: category.id, categoryName: category.name })
                    }
                  >
                    Add subcategory
                  </button>
                </span>
              </div>
              {category.subcategories.length === 0 ? (
                <p className="admin-muted">No subcategories.</p>
              ) : (
                <ReorderList<AdminSubcategory>
                  className="reorder-list reorder-list--nested"
                  items={inOrder(category.subcategories, pending.subs[category.id])}
                  label={(s) => s.name}
                  busy={busy}
                  onReorder={(ids, announcement) => saveSubcategories(category, ids, announcement)}
                  renderItem={(sub) => (
                    <div className="catalogue-category__head">
                      <span>{sub.name}</span>
                      <span className="admin-muted">/{sub.slug}</span>
                      <Chip tone={sub.isActive ? 'good' : 'muted'}>
                        {sub.isActive ? 'Active' : 'Inactive'}
                      </Chip>
                      <span className="admin-muted">
                        {sub.workshops} workshop{sub.workshops === 1 ? '' : 's'}
                      </span>
                      <span className="catalogue-category__actions">
                        <button
                          type="button"
                          className="button button--quiet button--small"
                          aria-label={`Edit ${sub.name}`}
                          onClick={() =>
                            setTarget({
                              kind: 'subcategory',
                              categoryName: category.name,
                              ...sub,
                            })
                          }
                        >
                          Edit
                        </button>
                      </span>
                    </div>
                  )}
                />
              )}
            </div>
          )}
        />
      )}
      {target ? (
        <CategoryDialog
          target={target}
          onClose={() => setTarget(null)}
          onSaved={(message) => {
            setTarget(null);
            setStatus(message);
          }}
        />
      ) : null}
    </ConsolePage>
  );
}
