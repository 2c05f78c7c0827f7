import {
  AdminCampaignBodySchema,
  AdminEventObjectBodySchema,
  AdminTopBannerBodySchema,
  type AdminCampaign,
  type BodyOf,
  type ResponseOf,
} from '@atelier/contract';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Link, NavLink, useLocation } from 'react-router';
import { z } from 'zod';
import { CloseIcon } from '../../../components/ui/icons';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import {
  FormAlert,
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
  useGetAdminCampaignQuery,
  useGetAdminCampaignsQuery,
  useGetAdminEventObjectsQuery,
  useGetAdminTopBannersQuery,
  useSaveAdminCampaignMutation,
  useSaveAdminEventObjectMutation,
  useSaveAdminTopBannerMutation,
} from './content-api';
import {
  EditorFrame,
  EditorState,
  FormCheckbox,
  fromLocalInput,
  toLocalInput,
  useGoToCreated,
} from './content-form';
import './content.css';

/*
 * `/admin/home-content/*`: what the home page shows besides the catalogue — the top banner (the
 * newest active one shows above the header), campaigns with their popup and sidebar banners, and
 * event objects (sale countdowns, ribbons). Sub-tabs: `top-banners`, `campaigns`, `events`.
 */

const TABS = [
  { key: 'top-banners', label: 'Top banner' },
  { key: 'campaigns', label: 'Campaigns' },
  { key: 'events', label: 'Events' },
] as const;

export function HomeContentPage() {
  const { pathname } = useLocation();
  const parts = pathname
    .replace(/^\/admin\/home-content\/?/, '')
    .split('/')
    .filter(Boolean);
  const tab = parts[0] ?? 'top-banners';
  const rest = parts[1];
  if (tab === 'campaigns' && rest === 'new') return <CampaignEditor id={null} />;
  if (tab === 'campaigns' && rest && /^\d{1,10}$/.test(rest))
    return <CampaignEditor key={rest} id={Number(rest)} />;
  return (
    <ConsolePage title="Home page">
      <nav aria-label="Home page content" className="content-tabs">
        <ul>
          {TABS.map((t) => (
            <li key={t.key}>
              <NavLink
                to={`/admin/home-content/${t.key}`}
                className={() => (t.key === tab ? 'content-tabs__tab active' : 'content-tabs__tab')}
                aria-current={t.key === tab ? 'page' : undefined}
              >
                {t.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'campaigns' ? <CampaignList /> : tab === 'events' ? <EventList /> : <TopBannerList />}
    </ConsolePage>
  );
}

const lines = (text: string) => text.trim();

/** A form in a dialog (top banner, event). */
function FormDialog({
  id,
  title,
  onClose,
  children,
}: {
  id: string;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <ModalDialog className="dialog admin-dialog" labelledBy={id} onClose={onClose}>
      <div className="dialog__card">
        <form method="dialog" className="dialog__close">
          <button type="submit" className="icon-button" aria-label="Close">
            <CloseIcon />
          </button>
        </form>
        <h2 id={id} className="dialog__title">
          {title}
        </h2>
        {children}
      </div>
    </ModalDialog>
  );
}

// ---------------------------------------------------------------------------------------------
// Top banners
// ---------------------------------------------------------------------------------------------

type Banner = ResponseOf<'adminTopBanners'>['items'][number];
const bannerCol = createColumnHelper<Banner>();

function TopBannerList() {
  const list = useListState('-createdAt', []);
  const result = useGetAdminTopBannersQuery(list.params);
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const columns = useMemo(
    () =>
      [
        bannerCol.accessor('content', { header: 'Text', cell: (c) => <Text value={c.getValue()} /> }),
        bannerCol.accessor('link', { header: 'Link', cell: (c) => <Text value={c.getValue()} /> }),
        bannerCol.accessor('isActive', {
          header: 'Active',
          cell: (c) => <Chip tone={c.getValue() ? 'good' : 'muted'}>{c.getValue() ? 'active' : 'off'}</Chip>,
        }),
        bannerCol.accessor('createdAt', {
          id: 'createdAt',
          header: 'Created',
          cell: (c) => <When iso={c.getValue()} />,
        }),
        bannerCol.display({
          id: 'actions',
          header: 'Actions',
          cell: (c) => (
            <button
              type="button"
              className="button button--quiet button--small"
              aria-label={`Edit banner ${c.row.original.content}`}
              onClick={() => setEditing(c.row.original)}
            >
              Edit
            </button>
          ),
        }),
      ] as ColumnDef<Banner, unknown>[],
    [],
  );
  return (
    <>
      <p className="admin__intro">The newest active banner shows above the header on every public page.</p>
      {message ? (
        <p role="status" className="admin-message admin-message--status">
          {message}
        </p>
      ) : null}
      <p>
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          New top banner
        </button>
      </p>
      <DataTable
        caption="Top banners"
        columns={columns}
        sortable={['createdAt']}
        list={list}
        result={result}
        searchLabel="Search the text"
        endpoint="adminTopBanners"
        exportName="top-banners.csv"
        emptyText="No top banners yet."
        rowId={(row) => row.id}
      />
      {editing ? (
        <TopBannerDialog
          banner={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setMessage(text);
          }}
        />
      ) : null}
    </>
  );
}

interface BannerValues {
  content: string;
  link: string;
  isActive: boolean;
}
const BANNER_FIELDS: Record<string, BodyField<BannerValues>> = {
  content: { field: 'content', label: 'Text' },
  link: { field: 'link', label: 'Link' },
};
const bannerBody = (v: BannerValues) => ({
  content: v.content.trim(),
  link: v.link.trim() || null,
  isActive: v.isActive,
});

function TopBannerDialog({
  banner,
  onClose,
  onSaved,
}: {
  banner: Banner | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [save, saving] = useSaveAdminTopBannerMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z
        .custom<BannerValues>(() => true)
        .superRefine((v, ctx) =>
          reportBodyIssues(AdminTopBannerBodySchema, bannerBody(v), ctx, BANNER_FIELDS),
        ),
    [],
  );
  const form = useContractForm<BannerValues>(schema, {
    content: banner?.content ?? '',
    link: banner?.link ?? '',
    isActive: banner?.isActive ?? true,
  });
  const submit = async (values: BannerValues) => {
    setFormError(null);
    try {
      const saved = await save({
        id: banner?.id ?? null,
        body: bannerBody(values),
      }).unwrap();
      form.reset(values);
      onSaved(
        saved.isActive
          ? 'Top banner saved; the site shows the newest active one.'
          : 'Top banner saved (off).',
      );
    } catch (error) {
      setFormError(showApiFailure(error, form.setError, BANNER_FIELDS));
    }
  };
  return (
    <FormDialog id="top-banner-title" title={banner ? 'Edit top banner' : 'New top banner'} onClose={onClose}>
      <UnsavedChangesGuard when={form.formState.isDirty} />
      <form className="form" noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <FormTextField control={form.control} name="content" label="Text" hint="At most 300 characters." />
        <FormTextField
          control={form.control}
          name="link"
          label="Link"
          hint="An https:// address or a site path starting with /."
          optional
        />
        <FormCheckbox control={form.control} name="isActive" label="Active" />
        <SubmitButton busy={saving.isLoading} busyLabel="Saving…">
          Save top banner
        </SubmitButton>
      </form>
    </FormDialog>
  );
}

// ---------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------

type EventRow = ResponseOf<'adminEventObjects'>['items'][number];
const eventCol = createColumnHelper<EventRow>();

function EventList() {
  const list = useListState('-startsAt', []);
  const result = useGetAdminEventObjectsQuery(list.params);
  const [editing, setEditing] = useState<EventRow | 'new' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const columns = useMemo(
    () =>
      [
        eventCol.accessor('name', { id: 'name', header: 'Name', cell: (c) => <Text value={c.getValue()} /> }),
        eventCol.accessor('startsAt', {
          id: 'startsAt',
          header: 'Starts',
          cell: (c) => <When iso={c.getValue()} />,
        }),
        eventCol.accessor('endsAt', { header: 'Ends', cell: (c) => <When iso={c.getValue()} /> }),
        eventCol.display({
          id: 'actions',
          header: 'Actions',
          cell: (c) => (
            <button
              type="button"
              className="button button--quiet button--small"
              aria-label={`Edit event ${c.row.original.name}`}
              onClick={() => setEditing(c.row.original)}
            >
              Edit
            </button>
          ),
        }),
      ] as ColumnDef<EventRow, unknown>[],
    [],
  );
  return (
    <>
      <p className="admin__intro">
        Site-wide events the pages react to while they run (a sale countdown, a ribbon).
      </p>
      {message ? (
        <p role="status" className="admin-message admin-message--status">
          {message}
        </p>
      ) : null}
      <p>
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          New event
        </button>
      </p>
      <DataTable
        caption="Events"
        columns={columns}
        sortable={['name', 'startsAt']}
        list={list}
        result={result}
        searchLabel="Search the name"
        endpoint="adminEventObjects"
        exportName="event-objects.csv"
        emptyText="No events yet."
        rowId={(row) => row.id}
      />
      {editing ? (
        <EventDialog
          event={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setMessage(text);
          }}
        />
      ) : null}
    </>
  );
}

interface EventValues {
  name: string;
  payload: string;
  startsAt: string;
  endsAt: string;
}
const EVENT_FIELDS: Record<string, BodyField<EventValues>> = {
  name: { field: 'name', label: 'Name' },
  payload: { field: 'payload', label: 'Fields (JSON)' },
  startsAt: { field: 'startsAt', label: 'Starts' },
  endsAt: { field: 'endsAt', label: 'Ends' },
};
function parsePayload(text: string): unknown {
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
const eventBody = (v: EventValues) => ({
  name: v.name.trim(),
  payload: parsePayload(v.payload),
  startsAt: fromLocalInput(v.startsAt),
  endsAt: fromLocalInput(v.endsAt),
});

function EventDialog({
  event,
  onClose,
  onSaved,
}: {
  event: EventRow | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [save, saving] = useSaveAdminEventObjectMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z
        .custom<EventValues>(() => true)
        .superRefine((v, ctx) => {
          const body = eventBody(v);
          const skip = new Set<string>();
          if (body.payload === undefined || Array.isArray(body.payload) || typeof body.payload !== 'object') {
            skip.add('payload');
            ctx.addIssue({
              code: 'custom',
              path: ['payload'],
              message: 'Fields (JSON) must be a JSON object, like {"ribbon": "Sale ends Friday"}.',
            });
          }
          reportBodyIssues(AdminEventObjectBodySchema, body, ctx, EVENT_FIELDS, skip);
        }),
    [],
  );
  const form = useContractForm<EventValues>(schema, {
    name: event?.name ?? '',
    payload: event ? JSON.stringify(event.payload, null, 2) : '{}',
    startsAt: toLocalInput(event?.startsAt ?? null),
    endsAt: toLocalInput(event?.endsAt ?? null),
  });
  const submit = async (values: EventValues) => {
    setFormError(null);
    try {
      await save({
        id: event?.id ?? null,
        body: eventBody(values) as BodyOf<'adminEventObjectCreate'>,
      }).unwrap();
      form.reset(values);
      onSaved('Event saved; the site shows it while it runs.');
    } catch (error) {
      setFormError(showApiFailure(error, form.setError, EVENT_FIELDS));
    }
  };
  return (
    <FormDialog id="event-title" title={event ? 'Edit event' : 'New event'} onClose={onClose}>
      <UnsavedChangesGuard when={form.formState.isDirty} />
      <form className="form" noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)}>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <FormTextField control={form.control} name="name" label="Name" />
        <FormTextArea
          control={form.control}
          name="payload"
          label="Fields (JSON)"
          hint="The event's fields as the site reads them, a JSON object."
        />
        <FormTextField control={form.control} name="startsAt" label="Starts" type="datetime-local" optional />
        <FormTextField control={form.control} name="endsAt" label="Ends" type="datetime-local" optional />
        <SubmitButton busy={saving.isLoading} busyLabel="Saving…">
          Save event
        </SubmitButton>
      </form>
    </FormDialog>
  );
}

// ---------------------------------------------------------------------------------------------
// Campaigns
// ---------------------------------------------------------------------------------------------

type CampaignRow = ResponseOf<'adminCampaigns'>['items'][number];
const campaignCol = createColumnHelper<CampaignRow>();

function CampaignList() {
  const list = useListState('-startsAt', []);
  const result = useGetAdminCampaignsQuery(list.params);
  const columns = useMemo(
    () =>
      [
        campaignCol.accessor('name', {
          id: 'name',
          header: 'Campaign',
          cell: (c) => <Link to={`/admin/home-content/campaigns/${c.row.original.id}`}>{c.getValue()}</Link>,
        }),
        campaignCol.accessor('startsAt', {
          id: 'startsAt',
          header: 'Starts',
          cell: (c) => <When iso={c.getValue()} />,
        }),
        campaignCol.accessor('endsAt', { header: 'Ends', cell: (c) => <When iso={c.getValue()} /> }),
        campaignCol.accessor(
          (r) => [r.isPopup ? 'popup' : null, r.isSidebar ? 'sidebar' : null].filter(Boolean).join(', '),
          {
            id: 'shows',
            header: 'Shows as',
            cell: (c) => <Text value={c.getValue() || null} />,
          },
        ),
        campaignCol.accessor('banners', { header: 'Banners', cell: (c) => <Text value={c.getValue()} /> }),
      ] as ColumnDef<CampaignRow, unknown>[],
    [],
  );
  return (
    <>
      <p className="admin__intro">
        A campaign&apos;s banners show while it runs, as a popup or in the sidebar.
      </p>
      <p>
        <Link to="/admin/home-content/campaigns/new" className="button button--primary">
          New campaign
        </Link>
      </p>
      <DataTable
        caption="Campaigns"
        columns={columns}
        sortable={['name', 'startsAt']}
        list={list}
        result={result}
        searchLabel="Search the name"
        endpoint="adminCampaigns"
        exportName="campaigns.csv"
        emptyText="No campaigns yet."
        rowId={(row) => row.id}
      />
    </>
  );
}

interface CampaignValues {
  name: string;
  isPopup: boolean;
  isSidebar: boolean;
  startsAt: string;
  endsAt: string;
  banners: { type: string; title: string; image: string; link: string }[];
}
const CAMPAIGN_FIELDS: Record<string, BodyField<CampaignValues>> = {
  name: { field: 'name', label: 'Name' },
  startsAt: { field: 'startsAt', label: 'Starts' },
  endsAt: { field: 'endsAt', label: 'Ends' },
  banners: { field: 'banners', label: 'Banners' },
};
const BANNER_ITEM_SCHEMA = AdminCampaignBodySchema.shape.banners.element;

const campaignBody = (v: CampaignValues) => ({
  name: v.name.trim(),
  isPopup: v.isPopup,
  isSidebar: v.isSidebar,
  startsAt: fromLocalInput(v.startsAt),
  endsAt: fromLocalInput(v.endsAt),
  banners: v.banners.map((b) => ({
    type: Number(b.type),
    title: lines(b.title),
    image: b.image.trim(),
    link: b.link.trim() || null,
  })),
});
const campaignValues = (c: AdminCampaign): CampaignValues => ({
  name: c.name,
  isPopup: c.isPopup,
  isSidebar: c.isSidebar,
  startsAt: toLocalInput(c.startsAt),
  endsAt: toLocalInput(c.endsAt),
  banners: c.bannerList.map((b) => ({
    type: String(b.type),
    title: b.title,
    image: b.image,
    link: b.link ?? '',
  })),
});
const EMPTY_CAMPAIGN: CampaignValues = {
  name: '',
  isPopup: true,
  isSidebar: false,
  startsAt: '',
  endsAt: '',
  banners: [],
};

function CampaignEditor({ id }: { id: number | null }) {
  const item = useGetAdminCampaignQuery(id ?? 0, { skip: id === null });
  if (id !== null && !item.data)
    return (
      <EditorFrame section="home-content/campaigns" listLabel="All campaigns" title="Edit campaign">
        <EditorState
          loading={item.isLoading || item.isFetching}
          error={item.error}
          onRetry={() => void item.refetch()}
          what="campaign"
        />
      </EditorFrame>
    );
  return <CampaignForm id={id} initial={item.data ?? null} />;
}

function CampaignForm({ id, initial }: { id: number | null; initial: AdminCampaign | null }) {
  const [save, saving] = useSaveAdminCampaignMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const schema = useMemo(
    () =>
      z
        .custom<CampaignValues>(() => true)
        .superRefine((values, ctx) => {
          const body = campaignBody(values);
          reportBodyIssues(AdminCampaignBodySchema, { ...body, banners: [] }, ctx, CAMPAIGN_FIELDS);
          body.banners.forEach((banner, index) => {
            const fields: Record<string, BodyField<CampaignValues>> = {
              type: { field: `banners.${index}.type`, label: `Banner ${index + 1}: type` },
              title: { field: `banners.${index}.title`, label: `Banner ${index + 1}: title` },
              image: { field: `banners.${index}.image`, label: `Banner ${index + 1}: image` },
              link: { field: `banners.${index}.link`, label: `Banner ${index + 1}: link` },
            };
            reportBodyIssues(BANNER_ITEM_SCHEMA, banner, ctx, fields);
          });
        }),
    [],
  );
  const form = useContractForm<CampaignValues>(schema, initial ? campaignValues(initial) : EMPTY_CAMPAIGN);
  const banners = useFieldArray({ control: form.control, name: 'banners' });
  const dirty = form.formState.isDirty;
  useGoToCreated('home-content/campaigns', createdId, dirty);

  const submit = async (values: CampaignValues) => {
    setFormError(null);
    setSaved(null);
    try {
      const result = await save({ id, body: campaignBody(values) as BodyOf<'adminCampaignCreate'> }).unwrap();
      form.reset(campaignValues(result));
      setSaved('Saved. The site shows its banners while it runs.');
      if (id === null) setCreatedId(result.id);
    } catch (error) {
      setFormError(showApiFailure(error, form.setError, CAMPAIGN_FIELDS));
    }
  };

  return (
    <EditorFrame
      section="home-content/campaigns"
      listLabel="All campaigns"
      title={id === null ? 'New campaign' : 'Edit campaign'}
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
          <FormTextField control={form.control} name="name" label="Name" />
          <FormTextField
            control={form.control}
            name="startsAt"
            label="Starts"
            type="datetime-local"
            optional
          />
          <FormTextField control={form.control} name="endsAt" label="Ends" type="datetime-local" optional />
        </div>
        <FormCheckbox control={form.control} name="isPopup" label="Show as a popup" />
        <FormCheckbox control={form.control} name="isSidebar" label="Show in the sidebar" />
        <fieldset className="content-form__set">
          <legend>Banners</legend>
          {banners.fields.length === 0 ? <p className="admin-muted">No banners yet.</p> : null}
          {banners.fields.map((banner, index) => (
            <div
              key={banner.id}
              className="content-list-editor"
              role="group"
              aria-label={`Banner ${index + 1}`}
            >
              <FormSelectField
                control={form.control}
                name={`banners.${index}.type`}
                label={`Banner ${index + 1}: type`}
                options={[
                  { value: '1', label: 'Popup' },
                  { value: '2', label: 'Sidebar' },
                ]}
              />
              <FormTextField
                control={form.control}
                name={`banners.${index}.title`}
                label={`Banner ${index + 1}: title`}
                optional
              />
              <FormTextField
                control={form.control}
                name={`banners.${index}.image`}
                label={`Banner ${index + 1}: image`}
                hint="An https:// address or a site path starting with /."
              />
              <FormTextField
                control={form.control}
                name={`banners.${index}.link`}
                label={`Banner ${index + 1}: link`}
                optional
              />
              <p>
                <button
                  type="button"
                  className="button button--quiet button--small"
                  onClick={() => banners.remove(index)}
                >
                  Remove banner {index + 1}
                </button>
              </p>
            </div>
          ))}
          <p>
            <button
              type="button"
              className="button button--quiet"
              onClick={() => banners.append({ type: '1', title: '', image: '', link: '' })}
            >
              Add a banner
            </button>
          </p>
        </fieldset>
        <SubmitButton busy={saving.isLoading} busyLabel="Saving…">
          {id === null ? 'Create campaign' : 'Save campaign'}
        </SubmitButton>
      </form>
    </EditorFrame>
  );
}
