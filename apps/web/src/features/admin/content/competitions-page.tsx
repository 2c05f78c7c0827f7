import {
  AdminCompetitionBodySchema,
  type AdminCompetition,
  type BodyOf,
  type ResponseOf,
} from '@atelier/contract';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import {
  FormAlert,
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
import { slugOf } from './blogs-page';
import {
  useGetAdminCompetitionQuery,
  useGetAdminCompetitionsQuery,
  useSaveAdminCompetitionMutation,
} from './content-api';
import { EditorFrame, EditorState, FormCheckbox, useContentView, useGoToCreated } from './content-form';
import './content.css';

/** `/admin/competitions`: the list; `/admin/competitions/new` and `/{id}`: the editor. */
export function CompetitionsPage() {
  const view = useContentView('competitions');
  if (view.kind === 'list') return <CompetitionList />;
  if (view.kind === 'new') return <CompetitionEditor id={null} />;
  if (view.kind === 'edit') return <CompetitionEditor key={view.id} id={view.id} />;
  return (
    <ConsolePage title="Not here">
      <p>There is no such competition page.</p>
    </ConsolePage>
  );
}

type Row = ResponseOf<'adminCompetitions'>['items'][number];
const col = createColumnHelper<Row>();

function CompetitionList() {
  const list = useListState('-registrationDeadline', ['active']);
  const result = useGetAdminCompetitionsQuery(list.params);
  const columns = useMemo(
    () =>
      [
        col.accessor('title', {
          id: 'title',
          header: 'Competition',
          cell: (c) => <Link to={`/admin/competitions/${c.row.original.id}`}>{c.getValue()}</Link>,
        }),
        col.accessor('registrationDeadline', {
          id: 'registrationDeadline',
          header: 'Registration closes',
          cell: (c) => <When iso={c.getValue()} />,
        }),
        col.accessor('startDate', { header: 'Starts', cell: (c) => <When iso={c.getValue()} /> }),
        col.accessor('amount', { header: 'Fee (₹)', cell: (c) => <Text value={c.getValue()} /> }),
        col.accessor('registrations', {
          header: 'Registrations',
          cell: (c) => <Text value={c.getValue()} />,
        }),
        col.accessor('isActive', {
          header: 'On the site',
          cell: (c) => (
            <Chip tone={c.getValue() ? 'good' : 'muted'}>{c.getValue() ? 'active' : 'hidden'}</Chip>
          ),
        }),
      ] as ColumnDef<Row, unknown>[],
    [],
  );
  return (
    <ConsolePage title="Competitions">
      <p>
        <Link to="/admin/competitions/new" className="button button--primary">
          New competition
        </Link>
      </p>
      <DataTable
        caption="Competitions"
        columns={columns}
        sortable={['title', 'registrationDeadline']}
        list={list}
        result={result}
        searchLabel="Search title or slug"
        filters={[
          {
            name: 'active',
            label: 'On the site',
            options: [
              { value: 'true', label: 'active' },
              { value: 'false', label: 'hidden' },
            ],
          },
        ]}
        endpoint="adminCompetitions"
        exportName="competitions.csv"
        emptyText="No competitions match."
        rowId={(row) => row.id}
      />
    </ConsolePage>
  );
}

interface Values {
  title: string;
  slug: string;
  summary: string;
  description: string;
  thumbnail: string;
  amount: string;
  dollar: string;
  registrationDeadline: string;
  startDate: string;
  endDate: string;
  isActive: boolean;
  siteArea: string;
  deliverables: string;
  prizes: string;
  jury: string;
  rules: string;
}

const FIELDS: Record<string, BodyField<Values>> = {
  title: { field: 'title', label: 'Title' },
  slug: { field: 'slug', label: 'Slug' },
  summary: { field: 'summary', label: 'Summary' },
  description: { field: 'description', label: 'Description' },
  thumbnail: { field: 'thumbnail', label: 'Thumbnail' },
  amount: { field: 'amount', label: 'Fee (₹)' },
  dollar: { field: 'dollar', label: 'Fee ($)' },
  registrationDeadline: { field: 'registrationDeadline', label: 'Registration deadline' },
  startDate: { field: 'startDate', label: 'Start date' },
  endDate: { field: 'endDate', label: 'End date' },
};
const BRIEF_FIELDS: Record<string, BodyField<Values>> = {
  siteArea: { field: 'siteArea', label: 'Site area' },
  deliverables: { field: 'deliverables', label: 'Deliverables' },
  prizes: { field: 'prizes', label: 'Prizes' },
  jury: { field: 'jury', label: 'Jury' },
  rules: { field: 'rules', label: 'Rules' },
};

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const whole = (text: string): number | string | null => {
  const t = text.trim();
  return t === '' ? null : /^\d+$/.test(t) ? Number(t) : t;
};

function bodyOf(v: Values) {
  return {
    title: v.title.trim(),
    slug: v.slug.trim(),
    summary: v.summary.trim(),
    description: v.description.trim(),
    thumbnail: v.thumbnail.trim() || null,
    amount: whole(v.amount) ?? 0,
    dollar: whole(v.dollar),
    registrationDeadline: v.registrationDeadline || null,
    startDate: v.startDate || null,
    endDate: v.endDate || null,
    isActive: v.isActive,
    brief: {
      ...(v.siteArea.trim() ? { siteArea: v.siteArea.trim() } : {}),
      deliverables: lines(v.deliverables),
      prizes: lines(v.prizes),
      jury: lines(v.jury),
      rules: lines(v.rules),
    },
  };
}

const EMPTY: Values = {
  title: '',
  slug: '',
  summary: '',
  description: '',
  thumbnail: '',
  amount: '0',
  dollar: '',
  registrationDeadline: '',
  startDate: '',
  endDate: '',
  isActive: true,
  siteArea: '',
  deliverables: '',
  prizes: '',
  jury: '',
  rules: '',
};

function valuesOf(c: AdminCompetition): Values {
  return {
    title: c.title,
    slug: c.slug,
    summary: c.summary,
    description: c.description,
    thumbnail: c.thumbnail ?? '',
    amount: String(c.amount),
    dollar: c.dollar === null ? '' : String(c.dollar),
    registrationDeadline: c.registrationDeadline ?? '',
    startDate: c.startDate ?? '',
    endDate: c.endDate ?? '',
    isActive: c.isActive,
    siteArea: c.brief.siteArea ?? '',
    deliverables: c.brief.deliverables.join('\n'),
    prizes: c.brief.prizes.join('\n'),
    jury: c.brief.jury.join('\n'),
    rules: c.brief.rules.join('\n'),
  };
}

function CompetitionEditor({ id }: { id: number | null }) {
  const item = useGetAdminCompetitionQuery(id ?? 0, { skip: id === null });
  if (id !== null && !item.data)
    return (
      <EditorFrame section="competitions" listLabel="All competitions" title="Edit competition">
        <EditorState
          loading={item.isLoading || item.isFetching}
          error={item.error}
          onRetry={() => void item.refetch()}
          what="competition"
        />
      </EditorFrame>
    );
  return <CompetitionForm id={id} initial={item.data ?? null} />;
}

function CompetitionForm({ id, initial }: { id: number | null; initial: AdminCompetition | null }) {
  const [save, saving] = useSaveAdminCompetitionMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const schema = useMemo(
    () =>
      z
        .custom<Values>(() => true)
        .superRefine((values, ctx) => {
          const body = bodyOf(values);
          const noBrief = { deliverables: [], prizes: [], jury: [], rules: [] };
          reportBodyIssues(AdminCompetitionBodySchema, { ...body, brief: noBrief }, ctx, FIELDS);
          reportBodyIssues(AdminCompetitionBodySchema.shape.brief, body.brief, ctx, BRIEF_FIELDS);
        }),
    [],
  );
  const form = useContractForm<Values>(schema, initial ? valuesOf(initial) : EMPTY);
  const dirty = form.formState.isDirty;
  useGoToCreated('competitions', createdId, dirty);

  const submit = async (values: Values) => {
    setFormError(null);
    setSaved(null);
    try {
      const result = await save({
        id,
        body: bodyOf(values) as BodyOf<'adminCompetitionCreate'>,
      }).unwrap();
      form.reset(valuesOf(result));
      setSaved(result.isActive ? 'Saved. The site shows it now.' : 'Saved; it is hidden from the site.');
      if (id === null) setCreatedId(result.id);
    } catch (error) {
      setFormError(showApiFailure(error, form.setError, { ...FIELDS, ...BRIEF_FIELDS }));
    }
  };

  return (
    <EditorFrame
      section="competitions"
      listLabel="All competitions"
      title={id === null ? 'New competition' : 'Edit competition'}
    >
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
              if (!form.getValues('slug'))
                form.setValue('slug', slugOf(form.getValues('title')), { shouldDirty: true });
            }}
          />
          <FormTextField control={form.control} name="slug" label="Slug" hint="Unique among competitions." />
          <FormTextField
            control={form.control}
            name="thumbnail"
            label="Thumbnail"
            hint="An https:// address or a site path starting with /."
            optional
          />
          <FormTextField
            control={form.control}
            name="amount"
            label="Fee (₹, whole rupees; 0 = free)"
            inputMode="numeric"
          />
          <FormTextField
            control={form.control}
            name="dollar"
            label="Fee ($, whole dollars)"
            inputMode="numeric"
            optional
          />
          <FormTextField
            control={form.control}
            name="registrationDeadline"
            label="Registration deadline"
            type="date"
            optional
          />
          <FormTextField control={form.control} name="startDate" label="Start date" type="date" optional />
          <FormTextField control={form.control} name="endDate" label="End date" type="date" optional />
          <FormTextField control={form.control} name="siteArea" label="Site area" optional />
        </div>
        <FormCheckbox control={form.control} name="isActive" label="Show on the site" />
        <FormTextArea
          control={form.control}
          name="summary"
          label="Summary"
          hint="One or two sentences for the cards."
          optional
        />
        <FormTextArea control={form.control} name="description" label="Description" optional />
        <FormTextArea
          control={form.control}
          name="deliverables"
          label="Deliverables"
          hint="One per line."
          optional
        />
        <FormTextArea control={form.control} name="prizes" label="Prizes" hint="One per line." optional />
        <FormTextArea control={form.control} name="jury" label="Jury" hint="One per line." optional />
        <FormTextArea control={form.control} name="rules" label="Rules" hint="One per line." optional />
        <SubmitButton busy={saving.isLoading} busyLabel="Saving…">
          {id === null ? 'Create competition' : 'Save competition'}
        </SubmitButton>
      </form>
    </EditorFrame>
  );
}
