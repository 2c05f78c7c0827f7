import {
  ADMIN_RESOURCE_FILE_KINDS,
  AdminResourceFileBodySchema,
  AdminResourceFolderBodySchema,
  RESOURCE_UPLOAD_MAX_BYTES,
  resourceKindOfPath,
  type AdminResourceFile,
  type AdminResourceFolder,
  type BodyOf,
} from '@atelier/contract';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { z } from 'zod';
import { CloseIcon } from '../../../components/ui/icons';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import {
  apiFormMessage,
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
  useGetAdminResourceFilesQuery,
  useGetAdminResourceFoldersQuery,
  useSaveAdminResourceFileMutation,
  useSaveAdminResourceFolderMutation,
  useUploadAdminResourcePdfMutation,
} from './content-api';
import { FormCheckbox } from './content-form';
import './content.css';

/*
 * `/admin/resources/folders` and `/admin/resources/files`: the resource library. Folders nest and
 * may be premium (everything inside is for entitled learners); a file is a PDF uploaded into the
 * site's storage or a link, public (listed on the public resources page when outside folders) or not.
 */

const TABS = [
  { key: 'folders', label: 'Folders' },
  { key: 'files', label: 'Files' },
] as const;

export function ResourcesPage() {
  const { pathname } = useLocation();
  const tab = pathname.replace(/^\/admin\/resources\/?/, '').split('/')[0] || 'folders';
  return (
    <ConsolePage title="Resources">
      <nav aria-label="Resource library" className="content-tabs">
        <ul>
          {TABS.map((t) => (
            <li key={t.key}>
              <NavLink
                to={`/admin/resources/${t.key}`}
                className={() => (t.key === tab ? 'content-tabs__tab active' : 'content-tabs__tab')}
                aria-current={t.key === tab ? 'page' : undefined}
              >
                {t.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'files' ? <FileList /> : <FolderList />}
    </ConsolePage>
  );
}

/** Every folder (for choosing a parent or a file's folder): the first 100 by name. */
function useAllFolders() {
  const all = useGetAdminResourceFoldersQuery({ page: '1', pageSize: '100', sort: 'name' });
  return all.data?.items ?? [];
}

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
// Folders
// ---------------------------------------------------------------------------------------------

const folderCol = createColumnHelper<AdminResourceFolder>();

function FolderList() {
  const list = useListState('sequence', ['parentId']);
  const result = useGetAdminResourceFoldersQuery(list.params);
  const folders = useAllFolders();
  const [editing, setEditing] = useState<AdminResourceFolder | 'new' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const names = useMemo(() => new Map(folders.map((f) => [f.id, f.name])), [folders]);
  const columns = useMemo(
    () =>
      [
        folderCol.accessor('name', {
          id: 'name',
          header: 'Folder',
          cell: (c) => (
            <>
              <Link to={`/admin/resources/folders?parentId=${c.row.original.id}`}>{c.getValue()}</Link>
              {c.row.original.isPremium ? (
                <>
                  {' '}
                  <Chip tone="wait">premium</Chip>
                </>
              ) : null}
            </>
          ),
        }),
        folderCol.accessor(
          (row) => (row.parentId === null ? null : (names.get(row.parentId) ?? `#${row.parentId}`)),
          {
            id: 'parent',
            header: 'Inside',
            cell: (c) => <Text value={c.getValue() ?? 'Top level'} />,
          },
        ),
        folderCol.accessor('folders', { header: 'Folders', cell: (c) => <Text value={c.getValue()} /> }),
        folderCol.accessor('files', {
          header: 'Files',
          cell: (c) => (
            <Link to={`/admin/resources/files?folderId=${c.row.original.id}`}>{c.getValue()}</Link>
          ),
        }),
        folderCol.accessor('sequence', {
          id: 'sequence',
          header: 'Order',
          cell: (c) => <Text value={c.getValue()} />,
        }),
        folderCol.accessor('createdAt', {
          id: 'createdAt',
          header: 'Created',
          cell: (c) => <When iso={c.getValue()} />,
        }),
        folderCol.display({
          id: 'actions',
          header: 'Actions',
          cell: (c) => (
            <button
              type="button"
              className="button button--quiet button--small"
              aria-label={`Edit folder ${c.row.original.name}`}
              onClick={() => setEditing(c.row.original)}
            >
              Edit
            </button>
          ),
        }),
      ] as ColumnDef<AdminResourceFolder, unknown>[],
    [names],
  );
  const parentId = list.filters.parentId;
  return (
    <>
      {message ? (
        <p role="status" className="admin-message admin-message--status">
          {message}
        </p>
      ) : null}
      <p>
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          New folder
        </button>
      </p>
      <DataTable
        caption="Resource folders"
        columns={columns}
        sortable={['name', 'sequence', 'createdAt']}
        list={list}
        result={result}
        searchLabel="Search folder names"
        filters={[
          {
            name: 'parentId',
            label: 'Inside',
            options: [
              { value: '0', label: 'Top level' },
              ...folders.map((f) => ({ value: String(f.id), label: f.name })),
            ],
          },
        ]}
        endpoint="adminResourceFolders"
        exportName="resource-folders.csv"
        emptyText={parentId ? 'No folders in this one.' : 'No folders yet.'}
        rowId={(row) => row.id}
      />
      {editing ? (
        <FolderDialog
          folder={editing === 'new' ? null : editing}
          parentId={editing === 'new' && parentId && parentId !== '0' ? parentId : ''}
          folders={folders}
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

interface FolderValues {
  parentId: string;
  name: string;
  description: string;
  isPremium: boolean;
  sequence: string;
}
const FOLDER_FIELDS: Record<string, BodyField<FolderValues>> = {
  parentId: { field: 'parentId', label: 'Inside' },
  name: { field: 'name', label: 'Name' },
  description: { field: 'description', label: 'Description' },
  sequence: { field: 'sequence', label: 'Order' },
};
const folderBody = (v: FolderValues) => ({
  parentId: v.parentId ? Number(v.parentId) : null,
  name: v.name.trim(),
  description: v.description.trim(),
  isPremium: v.isPremium,
  sequence: /^\d+$/.test(v.sequence.trim()) ? Number(v.sequence.trim()) : v.sequence,
});

function FolderDialog({
  folder,
  parentId,
  folders,
  onClose,
  onSaved,
}: {
  folder: AdminResourceFolder | null;
  parentId: string;
  folders: AdminResourceFolder[];
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [save, saving] = useSaveAdminResourceFolderMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z
        .custom<FolderValues>(() => true)
        .superRefine((v, ctx) =>
          reportBodyIssues(AdminResourceFolderBodySchema, folderBody(v), ctx, FOLDER_FIELDS),
        ),
    [],
  );
  const form = useContractForm<FolderValues>(schema, {
    parentId: folder?.parentId ? String(folder.parentId) : parentId,
    name: folder?.name ?? '',
    description: folder?.description ?? '',
    isPremium: folder?.isPremium ?? false,
    sequence: String(folder?.sequence ?? 0),
  });
  const submit = async (values: FolderValues) => {
    setFormError(null);
    try {
      const saved = await save({
        id: folder?.id ?? null,
        body: folderBody(values) as BodyOf<'adminResourceFolderCreate'>,
      }).unwrap();
      form.reset(values);
      onSaved(`Folder “${saved.name}” saved.`);
    } catch (error) {
      setFormError(showApiFailure(error, form.setError, FOLDER_FIELDS));
    }
  };
  return (
    <FormDialog id="folder-title" title={folder ? 'Edit folder' : 'New folder'} onClose={onClose}>
      <UnsavedChangesGuard when={form.formState.isDirty} />
      <form className="form" noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)}>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <FormTextField control={form.control} name="name" label="Name" />
        <FormSelectField
          control={form.control}
          name="parentId"
          label="Inside"
          options={[
            { value: '', label: 'Top level' },
            ...folders
              .filter((f) => f.id !== folder?.id)
              .map((f) => ({ value: String(f.id), label: f.name })),
          ]}
        />
        <FormTextArea control={form.control} name="description" label="Description" optional />
        <FormTextField
          control={form.control}
          name="sequence"
          label="Order"
          inputMode="numeric"
          hint="Lower first."
        />
        <FormCheckbox
          control={form.control}
          name="isPremium"
          label="Premium"
          hint="Everything inside is for learners with an active enrolment only."
        />
        <SubmitButton busy={saving.isLoading} busyLabel="Saving…">
          Save folder
        </SubmitButton>
      </form>
    </FormDialog>
  );
}

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

const fileCol = createColumnHelper<AdminResourceFile>();

function FileList() {
  const list = useListState('-createdAt', ['folderId', 'kind']);
  const result = useGetAdminResourceFilesQuery(list.params);
  const folders = useAllFolders();
  const [editing, setEditing] = useState<AdminResourceFile | 'new' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const columns = useMemo(
    () =>
      [
        fileCol.accessor('name', {
          id: 'name',
          header: 'File',
          cell: (c) => (
            <>
              {c.getValue()}
              <br />
              <span className="admin-muted">{c.row.original.folderName ?? 'Outside folders'}</span>
            </>
          ),
        }),
        fileCol.accessor('kind', { header: 'Kind', cell: (c) => <Text value={c.getValue()} /> }),
        fileCol.accessor((row) => (row.path ? 'uploaded PDF' : row.url), {
          id: 'source',
          header: 'Source',
          cell: (c) => <Text value={c.getValue()} />,
        }),
        fileCol.accessor(
          (row) =>
            [row.isPublic ? 'public' : null, row.isPremium ? 'premium' : null].filter(Boolean).join(', '),
          {
            id: 'access',
            header: 'Access',
            cell: (c) => <Text value={c.getValue() || 'members'} />,
          },
        ),
        fileCol.accessor('downloads', { header: 'Downloads', cell: (c) => <Text value={c.getValue()} /> }),
        fileCol.accessor('createdAt', {
          id: 'createdAt',
          header: 'Added',
          cell: (c) => <When iso={c.getValue()} />,
        }),
        fileCol.display({
          id: 'actions',
          header: 'Actions',
          cell: (c) => (
            <button
              type="button"
              className="button button--quiet button--small"
              aria-label={`Edit file ${c.row.original.name}`}
              onClick={() => setEditing(c.row.original)}
            >
              Edit
            </button>
          ),
        }),
      ] as ColumnDef<AdminResourceFile, unknown>[],
    [],
  );
  const folderId = list.filters.folderId;
  return (
    <>
      {message ? (
        <p role="status" className="admin-message admin-message--status">
          {message}
        </p>
      ) : null}
      <p>
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          New file
        </button>
      </p>
      <DataTable
        caption="Resource files"
        columns={columns}
        sortable={['name', 'createdAt']}
        list={list}
        result={result}
        searchLabel="Search file names"
        filters={[
          {
            name: 'folderId',
            label: 'Folder',
            options: [
              { value: '0', label: 'Outside folders' },
              ...folders.map((f) => ({ value: String(f.id), label: f.name })),
            ],
          },
          {
            name: 'kind',
            label: 'Kind',
            options: ADMIN_RESOURCE_FILE_KINDS.map((k) => ({ value: k, label: k })),
          },
        ]}
        endpoint="adminResourceFiles"
        exportName="resource-files.csv"
        emptyText="No files match."
        rowId={(row) => row.id}
      />
      {editing ? (
        <FileDialog
          file={editing === 'new' ? null : editing}
          folderId={editing === 'new' && folderId && folderId !== '0' ? folderId : ''}
          folders={folders}
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

interface FileValues {
  folderId: string;
  name: string;
  description: string;
  kind: string;
  source: string;
  path: string;
  url: string;
  thumbnail: string;
  isPremium: boolean;
  isPublic: boolean;
}
const FILE_FIELDS: Record<string, BodyField<FileValues>> = {
  folderId: { field: 'folderId', label: 'Folder' },
  name: { field: 'name', label: 'Name' },
  description: { field: 'description', label: 'Description' },
  kind: { field: 'kind', label: 'Kind' },
  path: { field: 'path', label: 'PDF', message: 'Upload the PDF first.' },
  url: { field: 'url', label: 'Link' },
  thumbnail: { field: 'thumbnail', label: 'Thumbnail' },
};
const fileBody = (v: FileValues) => ({
  folderId: v.folderId ? Number(v.folderId) : null,
  name: v.name.trim(),
  description: v.description.trim(),
  // A stored file keeps the kind its file is (an uploaded PDF, or a seeded drawing, archive or image).
  kind: v.source === 'upload' ? (resourceKindOfPath(v.path) ?? 'pdf') : v.kind,
  path: v.source === 'upload' ? v.path || '' : null,
  url: v.source === 'link' ? v.url.trim() : null,
  thumbnail: v.thumbnail.trim() || null,
  isPremium: v.isPremium,
  isPublic: v.isPublic,
});

/** What the upload field says of the file a record keeps: none yet, a PDF, or a seeded drawing, archive or image. */
function storedNote(path: string): string {
  if (!path) return 'At most 20 MB.';
  const kind = resourceKindOfPath(path);
  if (kind === 'pdf') return 'A PDF is stored; choose another to replace it.';
  const name = path.slice(path.lastIndexOf('/') + 1);
  return `${name} (${kind ?? 'file'}) is stored; choose a PDF to replace it.`;
}

function FileDialog({
  file,
  folderId,
  folders,
  onClose,
  onSaved,
}: {
  file: AdminResourceFile | null;
  folderId: string;
  folders: AdminResourceFolder[];
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const id = useId();
  const [save, saving] = useSaveAdminResourceFileMutation();
  const [upload, uploading] = useUploadAdminResourcePdfMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [uploadNote, setUploadNote] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z
        .custom<FileValues>(() => true)
        .superRefine((v, ctx) =>
          reportBodyIssues(AdminResourceFileBodySchema, fileBody(v), ctx, FILE_FIELDS),
        ),
    [],
  );
  const form = useContractForm<FileValues>(schema, {
    folderId: file?.folderId ? String(file.folderId) : folderId,
    name: file?.name ?? '',
    description: file?.description ?? '',
    kind: file?.kind ?? 'pdf',
    source: file && !file.path ? 'link' : 'upload',
    path: file?.path ?? '',
    url: file?.url ?? '',
    thumbnail: file?.thumbnail ?? '',
    isPremium: file?.isPremium ?? false,
    isPublic: file?.isPublic ?? true,
  });
  const source = form.watch('source');
  const path = form.watch('path');
  const pathError = form.formState.errors.path?.message;

  const choose = async (chosen: File | undefined) => {
    setUploadNote(null);
    if (!chosen) return;
    if (chosen.size > RESOURCE_UPLOAD_MAX_BYTES || (chosen.type && chosen.type !== 'application/pdf')) {
      form.setError('path', { type: 'client', message: 'Choose a PDF of at most 20 MB.' });
      return;
    }
    try {
      const stored = await upload(chosen).unwrap();
      form.setValue('path', stored.path, { shouldDirty: true });
      form.clearErrors('path');
      if (!form.getValues('name'))
        form.setValue('name', stored.fileName.replace(/\.pdf$/i, ''), { shouldDirty: true });
      setUploadNote(`Uploaded ${stored.fileName} (${Math.ceil(stored.sizeBytes / 1024)} KB).`);
    } catch (error) {
      form.setError('path', { type: 'server', message: apiFormMessage(error) });
    }
  };

  const submit = async (values: FileValues) => {
    setFormError(null);
    try {
      const saved = await save({
        id: file?.id ?? null,
        body: fileBody(values) as BodyOf<'adminResourceFileCreate'>,
      }).unwrap();
      form.reset(values);
      onSaved(`File “${saved.name}” saved.`);
    } catch (error) {
      setFormError(showApiFailure(error, form.setError, FILE_FIELDS));
    }
  };

  return (
    <FormDialog id="file-title" title={file ? 'Edit file' : 'New file'} onClose={onClose}>
      <UnsavedChangesGuard when={form.formState.isDirty} />
      <form className="form" noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)}>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <FormChoiceField
          control={form.control}
          name="source"
          legend="The file is"
          options={[
            { value: 'upload', label: 'A PDF uploaded here' },
            { value: 'link', label: 'A link' },
          ]}
        />
        {source === 'upload' ? (
          <div className={pathError ? 'form-field form-field--invalid' : 'form-field'}>
            <label className="form-field__label" htmlFor={`${id}-pdf`}>
              PDF
            </label>
            <input
              id={`${id}-pdf`}
              type="file"
              accept="application/pdf,.pdf"
              aria-describedby={`${id}-pdf-hint${pathError ? ` ${id}-pdf-error` : ''}`}
              aria-invalid={pathError ? true : undefined}
              onChange={(event) => void choose(event.target.files?.[0])}
            />
            <p className="form-field__hint" id={`${id}-pdf-hint`}>
              {uploading.isLoading ? 'Uploading…' : (uploadNote ?? storedNote(path))}
            </p>
            {pathError ? (
              <p className="form-field__error" id={`${id}-pdf-error`}>
                {pathError}
              </p>
            ) : null}
          </div>
        ) : (
          <>
            <FormSelectField
              control={form.control}
              name="kind"
              label="Kind"
              options={ADMIN_RESOURCE_FILE_KINDS.map((k) => ({ value: k, label: k }))}
            />
            <FormTextField control={form.control} name="url" label="Link" hint="An https:// address." />
          </>
        )}
        <FormTextField control={form.control} name="name" label="Name" />
        <FormSelectField
          control={form.control}
          name="folderId"
          label="Folder"
          options={[
            { value: '', label: 'Outside folders' },
            ...folders.map((f) => ({ value: String(f.id), label: f.name })),
          ]}
        />
        <FormTextArea control={form.control} name="description" label="Description" optional />
        <FormTextField
          control={form.control}
          name="thumbnail"
          label="Thumbnail"
          hint="An https:// address or a site path starting with /."
          optional
        />
        <FormCheckbox
          control={form.control}
          name="isPublic"
          label="Public"
          hint="Outside folders, public files are listed on the public resources page."
        />
        <FormCheckbox control={form.control} name="isPremium" label="Premium" />
        <SubmitButton busy={saving.isLoading || uploading.isLoading} busyLabel="Saving…">
          Save file
        </SubmitButton>
      </form>
    </FormDialog>
  );
}
