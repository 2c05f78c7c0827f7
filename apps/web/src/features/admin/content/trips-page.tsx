import { AdminTripBodySchema, type AdminTrip, type BodyOf, type ResponseOf } from '@atelier/contract';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
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
import { useGetAdminTripQuery, useGetAdminTripsQuery, useSaveAdminTripMutation } from './content-api';
import { EditorFrame, EditorState, FormCheckbox, useContentView, useGoToCreated } from './content-form';
import './content.css';

/** `/admin/trips`: the list; `/admin/trips/new` and `/admin/trips/{id}`: the editor. */
export function TripsPage() {
  const view = useContentView('trips');
  if (view.kind === 'list') return <TripList />;
  if (view.kind === 'new') return <TripEditor id={null} />;
  if (view.kind === 'edit') return <TripEditor key={view.id} id={view.id} />;
  return (
    <ConsolePage title="Not here">
      <p>There is no such trip page.</p>
    </ConsolePage>
  );
}

type TripRow = ResponseOf<'adminContentTrips'>['items'][number];
const col = createColumnHelper<TripRow>();

function TripList() {
  const list = useListState('-startDate', ['active']);
  const result = useGetAdminTripsQuery(list.params);
  const columns = useMemo(
    () =>
      [
        col.accessor('title', {
          id: 'title',
          header: 'Trip',
          cell: (c) => (
            <>
              <Link to={`/admin/trips/${c.row.original.id}`}>{c.getValue()}</Link>
              <br />
              <span className="admin-muted">{c.row.original.location}</span>
            </>
          ),
        }),
        col.accessor('startDate', {
          id: 'startDate',
          header: 'Starts',
          cell: (c) => <When iso={c.getValue()} />,
        }),
        col.accessor('endDate', { header: 'Ends', cell: (c) => <When iso={c.getValue()} /> }),
        col.accessor('price', { header: 'Price (₹)', cell: (c) => <Text value={c.getValue()} /> }),
        col.accessor('dollar', { header: 'Price ($)', cell: (c) => <Text value={c.getValue()} /> }),
        col.accessor('isActive', {
          header: 'On the site',
          cell: (c) => (
            <Chip tone={c.getValue() ? 'good' : 'muted'}>{c.getValue() ? 'active' : 'hidden'}</Chip>
          ),
        }),
      ] as ColumnDef<TripRow, unknown>[],
    [],
  );
  return (
    <ConsolePage title="Trips" intro="Study trips; a hidden trip is kept but not shown on the site.">
      <p>
        <Link to="/admin/trips/new" className="button button--primary">
          New trip
        </Link>
      </p>
      <DataTable
        caption="Trips"
        columns={columns}
        sortable={['title', 'startDate']}
        list={list}
        result={result}
        searchLabel="Search title, slug or location"
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
        endpoint="adminContentTrips"
        exportName="trips.csv"
        emptyText="No trips match."
        rowId={(row) => row.id}
      />
    </ConsolePage>
  );
}

interface TripValues {
  title: string;
  slug: string;
  location: string;
  startDate: string;
  endDate: string;
  price: string;
  dollar: string;
  thumbnail: string;
  isActive: boolean;
  summary: string;
  highlights: string;
  inclusions: string;
  exclusions: string;
  seats: string;
  itinerary: { title: string; description: string }[];
}

const FIELDS: Record<string, BodyField<TripValues>> = {
  title: { field: 'title', label: 'Title' },
  slug: { field: 'slug', label: 'Slug' },
  location: { field: 'location', label: 'Location' },
  startDate: { field: 'startDate', label: 'Start date' },
  endDate: { field: 'endDate', label: 'End date' },
  price: { field: 'price', label: 'Price (₹)' },
  dollar: { field: 'dollar', label: 'Price ($)' },
  thumbnail: { field: 'thumbnail', label: 'Thumbnail' },
};
const DETAIL_FIELDS: Record<string, BodyField<TripValues>> = {
  summary: { field: 'summary', label: 'Summary' },
  highlights: { field: 'highlights', label: 'Highlights' },
  inclusions: { field: 'inclusions', label: 'Inclusions' },
  exclusions: { field: 'exclusions', label: 'Exclusions' },
  seats: { field: 'seats', label: 'Seats' },
  itinerary: { field: 'itinerary', label: 'Itinerary' },
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

function tripBodyOf(v: TripValues) {
  const seats = whole(v.seats);
  return {
    title: v.title.trim(),
    slug: v.slug.trim(),
    location: v.location.trim(),
    startDate: v.startDate || null,
    endDate: v.endDate || null,
    price: whole(v.price),
    dollar: whole(v.dollar),
    thumbnail: v.thumbnail.trim() || null,
    isActive: v.isActive,
    details: {
      summary: v.summary.trim(),
      highlights: lines(v.highlights),
      itinerary: v.itinerary.map((day, index) => ({
        day: index + 1,
        title: day.title.trim(),
        description: day.description.trim(),
      })),
      inclusions: lines(v.inclusions),
      exclusions: lines(v.exclusions),
      ...(seats === null ? {} : { seats }),
    },
  };
}

const EMPTY: TripValues = {
  title: '',
  slug: '',
  location: '',
  startDate: '',
  endDate: '',
  price: '',
  dollar: '',
  thumbnail: '',
  isActive: true,
  summary: '',
  highlights: '',
  inclusions: '',
  exclusions: '',
  seats: '',
  itinerary: [],
};

function valuesOf(t: AdminTrip): TripValues {
  return {
    title: t.title,
    slug: t.slug,
    location: t.location,
    startDate: t.startDate ?? '',
    endDate: t.endDate ?? '',
    price: t.price === null ? '' : String(t.price),
    dollar: t.dollar === null ? '' : String(t.dollar),
    thumbnail: t.thumbnail ?? '',
    isActive: t.isActive,
    summary: t.details.summary,
    highlights: t.details.highlights.join('\n'),
    inclusions: t.details.inclusions.join('\n'),
    exclusions: t.details.exclusions.join('\n'),
    seats: t.details.seats === undefined ? '' : String(t.details.seats),
    itinerary: t.details.itinerary.map((d) => ({ title: d.title, description: d.description })),
  };
}

function TripEditor({ id }: { id: number | null }) {
  const trip = useGetAdminTripQuery(id ?? 0, { skip: id === null });
  if (id !== null && !trip.data)
    return (
      <EditorFrame section="trips" listLabel="All trips" title="Edit trip">
        <EditorState
          loading={trip.isLoading || trip.isFetching}
          error={trip.error}
          onRetry={() => void trip.refetch()}
          what="trip"
        />
      </EditorFrame>
    );
  return <TripForm id={id} initial={trip.data ?? null} />;
}

function TripForm({ id, initial }: { id: number | null; initial: AdminTrip | null }) {
  const [save, saving] = useSaveAdminTripMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const schema = useMemo(
    () =>
      z
        .custom<TripValues>(() => true)
        .superRefine((values, ctx) => {
          const body = tripBodyOf(values);
          // The trip's own fields (with empty details, checked on their own below, so the dates'
          // order is checked too).
          const noDetails = { summary: '', highlights: [], itinerary: [], inclusions: [], exclusions: [] };
          reportBodyIssues(AdminTripBodySchema, { ...body, details: noDetails }, ctx, FIELDS);
          const untitled = new Set<string>();
          values.itinerary.forEach((day, index) => {
            if (day.title.trim()) return;
            untitled.add('itinerary');
            ctx.addIssue({
              code: 'custom',
              path: ['itinerary', index, 'title'],
              message: `Day ${index + 1}: title is required.`,
            });
          });
          reportBodyIssues(AdminTripBodySchema.shape.details, body.details, ctx, DETAIL_FIELDS, untitled);
        }),
    [],
  );
  const form = useContractForm<TripValues>(schema, initial ? valuesOf(initial) : EMPTY);
  const itinerary = useFieldArray({ control: form.control, name: 'itinerary' });
  const dirty = form.formState.isDirty;
  useGoToCreated('trips', createdId, dirty);

  const submit = async (values: TripValues) => {
    setFormError(null);
    setSaved(null);
    try {
      const result = await save({
        id,
        body: tripBodyOf(values) as BodyOf<'adminContentTripCreate'>,
      }).unwrap();
      form.reset(valuesOf(result));
      setSaved(result.isActive ? 'Saved. The site shows it now.' : 'Saved; it is hidden from the site.');
      if (id === null) setCreatedId(result.id);
    } catch (error) {
      setFormError(showApiFailure(error, form.setError, { ...FIELDS, ...DETAIL_FIELDS }));
    }
  };

  return (
    <EditorFrame section="trips" listLabel="All trips" title={id === null ? 'New trip' : 'Edit trip'}>
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
          <FormTextField control={form.control} name="slug" label="Slug" hint="Unique among trips." />
          <FormTextField control={form.control} name="location" label="Location" />
          <FormTextField
            control={form.control}
            name="thumbnail"
            label="Thumbnail"
            hint="An https:// address or a site path starting with /."
            optional
          />
          <FormTextField control={form.control} name="startDate" label="Start date" type="date" optional />
          <FormTextField control={form.control} name="endDate" label="End date" type="date" optional />
          <FormTextField
            control={form.control}
            name="price"
            label="Price (₹, whole rupees)"
            inputMode="numeric"
            optional
          />
          <FormTextField
            control={form.control}
            name="dollar"
            label="Price ($, whole dollars)"
            inputMode="numeric"
            optional
          />
          <FormTextField control={form.control} name="seats" label="Seats" inputMode="numeric" optional />
        </div>
        <FormCheckbox
          control={form.control}
          name="isActive"
          label="Show on the site"
          hint="Unticked, the trip stays here but the public pages leave it out."
        />
        <FormTextArea control={form.control} name="summary" label="Summary" optional />
        <FormTextArea
          control={form.control}
          name="highlights"
          label="Highlights"
          hint="One per line."
          optional
        />
        <fieldset className="content-form__set">
          <legend>Itinerary</legend>
          {itinerary.fields.length === 0 ? <p className="admin-muted">No days yet.</p> : null}
          {itinerary.fields.map((day, index) => (
            <div key={day.id} className="content-list-editor" role="group" aria-label={`Day ${index + 1}`}>
              <FormTextField
                control={form.control}
                name={`itinerary.${index}.title`}
                label={`Day ${index + 1}: title`}
              />
              <FormTextArea
                control={form.control}
                name={`itinerary.${index}.description`}
                label={`Day ${index + 1}: description`}
                optional
              />
              <p>
                <button
                  type="button"
                  className="button button--quiet button--small"
                  onClick={() => itinerary.remove(index)}
                >
                  Remove day {index + 1}
                </button>
              </p>
            </div>
          ))}
          {form.formState.errors.itinerary?.message ? (
            <p className="form-field__error" role="alert">
              {form.formState.errors.itinerary.message}
            </p>
          ) : null}
          <p>
            <button
              type="button"
              className="button button--quiet"
              onClick={() => itinerary.append({ title: '', description: '' })}
            >
              Add a day
            </button>
          </p>
        </fieldset>
        <FormTextArea
          control={form.control}
          name="inclusions"
          label="Inclusions"
          hint="One per line."
          optional
        />
        <FormTextArea
          control={form.control}
          name="exclusions"
          label="Exclusions"
          hint="One per line."
          optional
        />
        <SubmitButton busy={saving.isLoading} busyLabel="Saving…">
          {id === null ? 'Create trip' : 'Save trip'}
        </SubmitButton>
      </form>
    </EditorFrame>
  );
}
