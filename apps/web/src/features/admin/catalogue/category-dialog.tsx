import { AdminCategoryBodySchema, type AdminCategoryBody } from '@atelier/contract';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { CloseIcon } from '../../../components/ui/icons';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import {
  FormAlert,
  FormSelectField,
  FormTextField,
  reportBodyIssues,
  showApiFailure,
  SubmitButton,
  useContractForm,
  type BodyField,
} from '../../../lib/forms';
import { UnsavedChangesGuard } from '../components/unsaved-changes';
import {
  useCreateAdminCategoryMutation,
  useCreateAdminSubcategoryMutation,
  useUpdateAdminCategoryMutation,
  useUpdateAdminSubcategoryMutation,
} from './catalogue-api';

interface CategoryValues {
  name: string;
  slug: string;
  active: string;
}

const FIELDS: Record<string, BodyField<CategoryValues>> = {
  name: { field: 'name', label: 'Name' },
  slug: { field: 'slug', label: 'Slug' },
  isActive: { field: 'active', label: 'Shown' },
};

/** A slug from a name: lowercase words joined by hyphens. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

function bodyOf(values: CategoryValues): AdminCategoryBody {
  return {
    name: values.name,
    slug: values.slug.trim() || slugify(values.name),
    isActive: values.active === 'yes',
  };
}

/** What the dialog edits: a new or existing category, or a new or existing subcategory of one. */
export type CategoryTarget =
  | { kind: 'category'; id?: number; name?: string; slug?: string; isActive?: boolean }
  | {
      kind: 'subcategory';
      categoryId: number;
      categoryName: string;
      id?: number;
      name?: string;
      slug?: string;
      isActive?: boolean;
    };

/** Create or edit a category or a subcategory (name, slug, shown or hidden). */
export function CategoryDialog({
  target,
  onClose,
  onSaved,
}: {
  target: CategoryTarget;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [createCategory, c1] = useCreateAdminCategoryMutation();
  const [updateCategory, c2] = useUpdateAdminCategoryMutation();
  const [createSub, c3] = useCreateAdminSubcategoryMutation();
  const [updateSub, c4] = useUpdateAdminSubcategoryMutation();
  const busy = c1.isLoading || c2.isLoading || c3.isLoading || c4.isLoading;
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z
        .custom<CategoryValues>(() => true)
        .superRefine((values, ctx) => reportBodyIssues(AdminCategoryBodySchema, bodyOf(values), ctx, FIELDS)),
    [],
  );
  const form = useContractForm<CategoryValues>(schema, {
    name: target.name ?? '',
    slug: target.slug ?? '',
    active: target.isActive === false ? 'no' : 'yes',
  });
  const noun = target.kind === 'category' ? 'category' : 'subcategory';
  const title = target.id ? `Edit ${target.name ?? noun}` : `New ${noun}`;

  const submit = async (values: CategoryValues) => {
    setFormError(null);
    const body = bodyOf(values);
    try {
      if (target.kind === 'category') {
        if (target.id) await updateCategory({ id: target.id, body }).unwrap();
        else await createCategory(body).unwrap();
      } else if (target.id) await updateSub({ id: target.id, body }).unwrap();
      else await createSub({ id: target.categoryId, body }).unwrap();
      form.reset(values);
      onSaved(`${values.name} saved.`);
    } catch (error) {
      setFormError(showApiFailure(error, form.setError, FIELDS));
    }
  };

  return (
    <ModalDialog className="dialog admin-dialog" labelledBy="category-dialog-title" onClose={onClose}>
      <div className="dialog__card">
        <form method="dialog" className="dialog__close">
          <button type="submit" className="icon-button" aria-label="Close">
            <CloseIcon />
          </button>
        </form>
        <h2 id="category-dialog-title" className="dialog__title">
          {title}
        </h2>
        {target.kind === 'subcategory' ? <p className="dialog__text">In {target.categoryName}</p> : null}
        <form className="form" noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
          <UnsavedChangesGuard when={form.formState.isDirty} />
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <FormTextField control={form.control} name="name" label="Name" />
          <FormTextField
            control={form.control}
            name="slug"
            label="Slug"
            hint="Lowercase letters, digits and hyphens; left empty, it is made from the name."
            optional
          />
          <FormSelectField
            control={form.control}
            name="active"
            label="Shown on the site"
            options={[
              { value: 'yes', label: 'Active: shown' },
              { value: 'no', label: 'Inactive: hidden' },
            ]}
          />
          <SubmitButton busy={busy} busyLabel="Saving…">
            Save
          </SubmitButton>
        </form>
      </div>
    </ModalDialog>
  );
}
