import {
  ADMIN_BLOG_STATUSES,
  AdminBlogBodySchema,
  type AdminBlog,
  type AdminBlogRow,
  type BodyOf,
} from '@atelier/contract';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useController } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import {
  FormAlert,
  FormChoiceField,
  FormSelectField,
  FormTextArea,
  FormTextField,
  reportBodyIssues,
  showApiFailure,
  SubmitButton,
  useContractForm,
  type BodyField,
} from '../../../lib/forms';
import { Chip, ConsolePage, Text, When } from '../components/cells';
import { DataTable } from '../components/data-table';
import { useListState } from '../components/list-state';
import { UnsavedChangesGuard } from '../components/unsaved-changes';
import {
  useGetAdminBlogCategoriesQuery,
  useGetAdminBlogQuery,
  useGetAdminBlogsQuery,
  useSaveAdminBlogMutation,
} from './content-api';
import {
  EditorFrame,
  EditorState,
  FormCheckbox,
  fromLocalInput,
  toLocalInput,
  useContentView,
  useGoToCreated,
} from './content-form';
import { RichTextEditor } from './rich-text-editor';
import './content.css';

/** `/admin/blogs`: the list; `/admin/blogs/new` and `/admin/blogs/{id}`: the editor. */
export function BlogsPage() {
  const view = useContentView('blogs');
  if (view.kind === 'list') return <BlogList />;
  if (view.kind === 'new') return <BlogEditor id={null} />;
  if (view.kind === 'edit') return <BlogEditor key={view.id} id={view.id} />;
  return (
    <ConsolePage title="Not here">
      <p>There is no such blog page.</p>
    </ConsolePage>
  );
}

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

const col = createColumnHelper<AdminBlogRow>();
const TONE: Record<string, string> = { published: 'good', scheduled: 'wait', draft: 'muted' };

function BlogList() {
  const list = useListState('-updatedAt', ['status', 'categoryId']);
  const result = useGetAdminBlogsQuery(list.params);
  const categories = useGetAdminBlogCategoriesQuery();
  const columns = useMemo(
    () =>
      [
        col.accessor('title', {
          id: 'title',
          header: 'Title',
          cell: (c) => (
            <>
              <Link to={`/admin/blogs/${c.row.original.id}`}>{c.getValue()}</Link>
              <br />
              <span className="admin-muted">/{c.row.original.url}</span>
            </>
          ),
        }),
        col.accessor((row) => row.category?.name ?? null, {
          id: 'category',
          header: 'Category',
          cell: (c) => <Text value={c.getValue()} />,
        }),
        col.accessor('authorName', { header: 'Author', cell: (c) => <Text value={c.getValue()} /> }),
        col.accessor('status', {
          header: 'Status',
          cell: (c) => <Chip tone={TONE[c.getValue()] ?? 'wait'}>{c.getValue()}</Chip>,
        }),
        col.accessor('publishedAt', {
          id: 'publishedAt',
          header: 'Publish date',
          cell: (c) => <When iso={c.getValue()} />,
        }),
        col.accessor('updatedAt', {
          id: 'updatedAt',
          header: 'Updated',
          cell: (c) => <When iso={c.getValue()} />,
        }),
      ] as ColumnDef<AdminBlogRow, unknown>[],
    [],
  );
  return (
    <ConsolePage title="Blogs" intro="Articles of the public blog, drafts and scheduled ones included.">
      <p>
        <Link to="/admin/blogs/new" className="button button--primary">
          New blog
        </Link>
      </p>
      <DataTable
        caption="Blogs"
        columns={columns}
        sortable={['title', 'publishedAt', 'updatedAt']}
        list={list}
        result={result}
        searchLabel="Search title or slug"
        filters={[
          {
            name: 'status',
            label: 'Status',
            options: ADMIN_BLOG_STATUSES.map((value) => ({ value, label: value })),
          },
          {
            name: 'categoryId',
            label: 'Category',
            options: (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
          },
        ]}
        endpoint="adminBlogs"
        exportName="blogs.csv"
        emptyText="No blogs match."
        rowId={(row) => row.id}
      />
    </ConsolePage>
  );
}

// ---------------------------------------------------------------------------------------------
// The editor
// ---------------------------------------------------------------------------------------------

export interface BlogValues {
  title: string;
  url: string;
  categoryId: string;
  excerpt: string;
  content: string;
  cover: string;
  authorName: string;
  readingMinutes: string;
  isTrending: boolean;
  isFeatured: boolean;
  state: string;
  publishedAt: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
}

const FIELDS: Record<string, BodyField<BlogValues>> = {
  title: { field: 'title', label: 'Title' },
  url: { field: 'url', label: 'Slug' },
  categoryId: { field: 'categoryId', label: 'Category' },
  excerpt: { field: 'excerpt', label: 'Excerpt' },
  content: { field: 'content', label: 'Article' },
  cover: { field: 'cover', label: 'Cover image' },
  authorName: { field: 'authorName', label: 'Author' },
  readingMinutes: { field: 'readingMinutes', label: 'Reading time' },
  publishedAt: { field: 'publishedAt', label: 'Publish date' },
  'meta.title': { field: 'metaTitle', label: 'Meta title' },
  'meta.description': { field: 'metaDescription', label: 'Meta description' },
  'meta.keywords': { field: 'metaKeywords', label: 'Meta keywords' },
};
const META_FIELDS: Record<string, BodyField<BlogValues>> = {
  title: FIELDS['meta.title']!,
  description: FIELDS['meta.description']!,
  keywords: FIELDS['meta.keywords']!,
};

const EMPTY: BlogValues = {
  title: '',
  url: '',
  categoryId: '',
  excerpt: '',
  content: '',
  cover: '',
  authorName: '',
  readingMinutes: '',
  isTrending: false,
  isFeatured: false,
  state: 'draft',
  publishedAt: '',
  metaTitle: '',
  metaDescription: '',
  metaKeywords: '',
};

function valuesOf(blog: AdminBlog): BlogValues {
  return {
    title: blog.title,
    url: blog.url,
    categoryId: blog.categoryId === null ? '' : String(blog.categoryId),
    excerpt: blog.excerpt,
    content: blog.content,
    cover: blog.cover ?? '',
    authorName: blog.authorName ?? '',
    readingMinutes: blog.readingMinutes === null ? '' : String(blog.readingMinutes),
    isTrending: blog.isTrending,
    isFeatured: blog.isFeatured,
    state: blog.publishedAt ? 'published' : 'draft',
    publishedAt: toLocalInput(blog.publishedAt),
    metaTitle: blog.meta.title ?? '',
    metaDescription: blog.meta.description ?? '',
    metaKeywords: blog.meta.keywords ?? '',
  };
}

/** The request body the form's values make (the contract's shape: nulls for empty optional fields). */
export function blogBodyOf(values: BlogValues): Record<string, unknown> & { meta: Record<string, string> } {
  const optional = (text: string) => (text.trim() === '' ? null : text.trim());
  const minutes = values.readingMinutes.trim();
  return {
    title: values.title.trim(),
    url: values.url.trim(),
    categoryId: values.categoryId ? Number(values.categoryId) : null,
    excerpt: values.excerpt.trim(),
    content: values.content,
    cover: optional(values.cover),
    authorName: optional(values.authorName),
    readingMinutes: minutes === '' ? null : /^\d+$/.test(minutes) ? Number(minutes) : minutes,
    isTrending: values.isTrending,
    isFeatured: values.isFeatured,
    publishedAt: values.state === 'published' ? (fromLocalInput(values.publishedAt) ?? '') : null,
    meta: {
      ...(values.metaTitle.trim() ? { title: values.metaTitle.trim() } : {}),
      ...(values.metaDescription.trim() ? { description: values.metaDescription.trim() } : {}),
      ...(values.metaKeywords.trim() ? { keywords: values.metaKeywords.trim() } : {}),
    },
  };
}

/** A slug from a title: "Reading a Plan!" → "reading-a-plan". */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

function BlogEditor({ id }: { id: number | null }) {
  const blog = useGetAdminBlogQuery(id ?? 0, { skip: id === null });
  if (id !== null && !blog.data)
    return (
      <EditorFrame section="blogs" listLabel="All blogs" title="Edit blog">
        <EditorState
          loading={blog.isLoading || blog.isFetching}
          error={blog.error}
          onRetry={() => void blog.refetch()}
          what="blog"
        />
      </EditorFrame>
    );
  return <BlogForm id={id} initial={blog.data ?? null} />;
}

function BlogForm({ id, initial }: { id: number | null; initial: AdminBlog | null }) {
  const categories = useGetAdminBlogCategoriesQuery();
  const [save, saving] = useSaveAdminBlogMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const schema = useMemo(
    () =>
      z
        .custom<BlogValues>(() => true)
        .superRefine((values, ctx) => {
          const body = blogBodyOf(values);
          if (values.state === 'published' && !values.publishedAt)
            ctx.addIssue({
              code: 'custom',
              path: ['publishedAt'],
              message: 'Publish date is required to publish.',
            });
          reportBodyIssues(
            AdminBlogBodySchema.omit({ meta: true }),
            { ...body, meta: undefined },
            ctx,
            FIELDS,
            new Set(values.state === 'published' && !values.publishedAt ? ['publishedAt'] : []),
          );
          reportBodyIssues(AdminBlogBodySchema.shape.meta, body.meta, ctx, META_FIELDS);
        }),
    [],
  );
  const form = useContractForm<BlogValues>(schema, initial ? valuesOf(initial) : EMPTY);
  const dirty = form.formState.isDirty;
  useGoToCreated('blogs', createdId, dirty);
  const state = form.watch('state');
  // Choosing "Published" proposes now as the publish date.
  useEffect(() => {
    if (state === 'published' && !form.getValues('publishedAt'))
      form.setValue('publishedAt', toLocalInput(new Date().toISOString()));
  }, [state, form]);
  const { field: contentField, fieldState: contentState } = useController({
    control: form.control,
    name: 'content',
  });

  const submit = async (values: BlogValues) => {
    setFormError(null);
    setSaved(null);
    try {
      const result = await save({ id, body: blogBodyOf(values) as BodyOf<'adminBlogCreate'> }).unwrap();
      form.reset(valuesOf(result));
      setSaved(
        result.status === 'published'
          ? 'Saved. It is live on the blog now.'
          : result.status === 'scheduled'
            ? 'Saved. It goes live on its publish date.'
            : 'Saved as a draft; visitors do not see it.',
      );
      if (id === null) setCreatedId(result.id);
    } catch (error) {
      setFormError(showApiFailure(error, form.setError, FIELDS));
    }
  };

  return (
    <EditorFrame section="blogs" listLabel="All blogs" title={id === null ? 'New blog' : 'Edit blog'}>
      <UnsavedChangesGuard when={dirty} />
      <form
        className="form content-form"
        noValidate
        aria-labelledby="admin-page-title"
        onSubmit={(event) => void form.handleSubmit(submit)(event)}
      >
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        {saved ? (
          <p role="status" className="admin-message admin-message--status">
            {saved}
          </p>
        ) : null}
        <div className="content-form__grid">
          <FormTextField
            control={form.control}
            name="title"
            label="Title"
            onBlur={() => {
              if (!form.getValues('url'))
                form.setValue('url', slugOf(form.getValues('title')), { shouldDirty: true });
            }}
          />
          <FormTextField
            control={form.control}
            name="url"
            label="Slug"
            hint="The article's address: lower-case letters, digits and hyphens; unique among blogs."
          />
          <FormSelectField
            control={form.control}
            name="categoryId"
            label="Category"
            options={[
              { value: '', label: 'No category' },
              ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
            ]}
          />
          <FormTextField control={form.control} name="authorName" label="Author" optional />
          <FormTextField
            control={form.control}
            name="cover"
            label="Cover image"
            hint="An https:// address or a site path starting with /."
            optional
          />
          <FormTextField
            control={form.control}
            name="readingMinutes"
            label="Reading time (minutes)"
            inputMode="numeric"
            optional
          />
        </div>
        <FormTextArea
          control={form.control}
          name="excerpt"
          label="Excerpt"
          hint="At most 500 characters."
          optional
        />
        <RichTextEditor
          label="Article"
          value={contentField.value}
          onChange={contentField.onChange}
          onBlur={contentField.onBlur}
          hint="Headings, lists, quotes, links and images are kept; anything else is removed when saved."
          error={contentState.error?.message}
        />
        <fieldset className="content-form__set">
          <legend>Publishing</legend>
          <FormChoiceField
            control={form.control}
            name="state"
            legend="Status"
            options={[
              { value: 'draft', label: 'Draft', description: 'Only the console sees it.' },
              { value: 'published', label: 'Published', description: 'Live from its publish date.' },
            ]}
          />
          {state === 'published' ? (
            <FormTextField
              control={form.control}
              name="publishedAt"
              label="Publish date"
              type="datetime-local"
              hint="In your time zone; a later date schedules it."
            />
          ) : null}
          <FormCheckbox control={form.control} name="isFeatured" label="Featured" />
          <FormCheckbox control={form.control} name="isTrending" label="Trending" />
        </fieldset>
        <fieldset className="content-form__set">
          <legend>Search engines</legend>
          <FormTextField control={form.control} name="metaTitle" label="Meta title" optional />
          <FormTextArea control={form.control} name="metaDescription" label="Meta description" optional />
          <FormTextField control={form.control} name="metaKeywords" label="Meta keywords" optional />
        </fieldset>
        <SubmitButton busy={saving.isLoading} busyLabel="Saving…">
          {id === null ? 'Create blog' : 'Save blog'}
        </SubmitButton>
      </form>
    </EditorFrame>
  );
}
