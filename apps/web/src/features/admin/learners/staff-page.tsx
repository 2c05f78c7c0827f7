import {
  AdminDisableBodySchema,
  AdminRoleBodySchema,
  AdminStaffAddBodySchema,
  type AdminLearnerRow,
  type BodyOf,
} from '@atelier/contract';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { BodyField } from '../../../lib/forms';
import { useSession } from '../../../lib/session';
import { Chip, ConsolePage, Text, When } from '../components/cells';
import { DataTable } from '../components/data-table';
import { useListState } from '../components/list-state';
import { ActionDialog } from './action-dialog';
import {
  useAddStaffMutation,
  useChangeUserRoleMutation,
  useGetAdminStaffQuery,
  useSetUserDisabledMutation,
} from './learners-api';
import { ROLE_OPTIONS } from './learners-page';
import './learners.css';

/*
 * Staff accounts and roles (issue 17, admins only): every account whose role is not learner, a
 * role change (the account's sessions carry it at once), disabling and enabling an account (its
 * sessions are refused at once), and giving an existing account a staff role by its e-mail. Your
 * own row offers neither: the server refuses both with a 409 too.
 */

type Target = { id: number; name: string; role: string; disabled: boolean };
type Dialog = { kind: 'add' } | { kind: 'role'; target: Target } | { kind: 'disable'; target: Target };

const col = createColumnHelper<AdminLearnerRow>();
const FILTERS = ['role'] as const;

export function StaffPage() {
  const list = useListState('name', FILTERS);
  const result = useGetAdminStaffQuery(list.params);
  const me = useSession()?.user.id;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const open = (next: Dialog) => {
    setMessage(null);
    setDialog(next);
  };
  const done = (text: string) => {
    setDialog(null);
    setMessage(text);
  };

  const columns = useMemo(
    () =>
      [
        col.accessor('name', {
          id: 'name',
          header: 'Name',
          cell: (c) => (
            <Link to={`/admin/learners/${c.row.original.id}`}>
              {c.getValue() ?? `Account ${c.row.original.id}`}
            </Link>
          ),
        }),
        col.accessor('email', { id: 'email', header: 'E-mail', cell: (c) => <Text value={c.getValue()} /> }),
        col.accessor('role', { header: 'Role', cell: (c) => c.getValue() }),
        col.accessor('disabled', {
          header: 'Account',
          cell: (c) => (c.getValue() ? <Chip tone="bad">disabled</Chip> : <Chip tone="good">active</Chip>),
        }),
        col.accessor('createdAt', {
          id: 'createdAt',
          header: 'Joined',
          cell: (c) => <When iso={c.getValue()} />,
        }),
        col.display({
          id: 'actions',
          header: 'Actions',
          cell: (c) => {
            const row = c.row.original;
            const name = row.name ?? row.email ?? `account ${row.id}`;
            if (row.id === me) return <span className="admin-muted">You</span>;
            const target = { id: row.id, name, role: row.role, disabled: row.disabled };
            return (
              <span className="learner-table__actions">
                <button
                  type="button"
                  className="button button--quiet button--small"
                  aria-label={`Change the role of ${name}`}
                  onClick={() => open({ kind: 'role', target })}
                >
                  Role
                </button>
                <button
                  type="button"
                  className="button button--quiet button--small"
                  aria-label={`${row.disabled ? 'Enable' : 'Disable'} ${name}`}
                  onClick={() => open({ kind: 'disable', target })}
                >
                  {row.disabled ? 'Enable' : 'Disable'}
                </button>
              </span>
            );
          },
        }),
      ] as ColumnDef<AdminLearnerRow, unknown>[],
    [me],
  );

  return (
    <ConsolePage
      title="Staff"
      intro="Who runs the school, and with which role. Role changes take effect at once."
    >
      <p>
        <button type="button" className="button button--primary" onClick={() => open({ kind: 'add' })}>
          Add a staff member
        </button>
      </p>
      {message ? (
        <p role="status" className="admin-message admin-message--status">
          {message}
        </p>
      ) : null}
      <DataTable
        caption="Staff"
        columns={columns}
        sortable={['name', 'email', 'createdAt']}
        list={list}
        result={result}
        searchLabel="Search name, e-mail or mobile"
        filters={[
          { name: 'role', label: 'Role', options: ROLE_OPTIONS.filter((o) => o.value !== 'learner') },
        ]}
        endpoint="adminStaff"
        exportName="staff.csv"
        emptyText="No staff account matches."
        rowId={(row) => row.id}
      />
      {dialog?.kind === 'add' ? <AddStaffDialog onClose={() => setDialog(null)} onDone={done} /> : null}
      {dialog?.kind === 'role' ? (
        <RoleDialog target={dialog.target} onClose={() => setDialog(null)} onDone={done} />
      ) : null}
      {dialog?.kind === 'disable' ? (
        <DisableDialog target={dialog.target} onClose={() => setDialog(null)} onDone={done} />
      ) : null}
    </ConsolePage>
  );
}

interface Done {
  onClose: () => void;
  onDone: (message: string) => void;
}

const STAFF_ROLES = [
  { value: 'moderator', label: 'Moderator', description: "Opens learners' dashboards read-only." },
  { value: 'instructor', label: 'Instructor', description: 'Their own workshops’ batches in the console.' },
  { value: 'admin', label: 'Admin', description: 'Everything, staff accounts included.' },
] as const;

interface AddValues {
  email: string;
  role: string;
}
const ADD_FIELDS: Record<string, BodyField<AddValues>> = {
  email: { field: 'email', label: 'E-mail' },
  role: { field: 'role', label: 'Role', message: 'Choose a role.' },
};
const addBody = (v: AddValues) => ({ email: v.email, role: v.role || undefined });

function AddStaffDialog({ onClose, onDone }: Done) {
  const [add, state] = useAddStaffMutation();
  return (
    <ActionDialog<AddValues>
      id="staff-add"
      title="Add a staff member"
      intro={<p>They need an account first: signing in once with a code sent to their e-mail creates it.</p>}
      schema={AdminStaffAddBodySchema}
      defaults={{ email: '', role: '' }}
      bodyFields={ADD_FIELDS}
      toBody={addBody}
      fields={() => [
        { kind: 'text', name: 'email', label: 'E-mail', inputMode: 'email' },
        { kind: 'choice', name: 'role', legend: 'Role', options: STAFF_ROLES },
      ]}
      confirmText={(v) =>
        `Make ${v.email.trim()} ${v.role === 'admin' ? 'an' : 'a'} ${v.role}? It takes effect at once.`
      }
      confirmLabel="Yes, give the role"
      submitLabel="Continue"
      busy={state.isLoading}
      send={async (body) => {
        const saved = await add(body as BodyOf<'adminStaffAdd'>).unwrap();
        return `${saved.name ?? saved.email ?? 'The account'} is now ${saved.role}.`;
      }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

interface RoleValues {
  role: string;
  reason: string;
}
const ROLE_FIELDS: Record<string, BodyField<RoleValues>> = {
  role: { field: 'role', label: 'Role', message: 'Choose a role.' },
  reason: { field: 'reason', label: 'Reason' },
};
const roleBody = (v: RoleValues) => {
  const reason = v.reason.trim();
  return { role: v.role || undefined, ...(reason ? { reason } : {}) };
};

function RoleDialog({ target, onClose, onDone }: Done & { target: Target }) {
  const [change, state] = useChangeUserRoleMutation();
  return (
    <ActionDialog<RoleValues>
      id="staff-role"
      title={`Role of ${target.name}`}
      intro={<p>Now {target.role}. Their open sessions carry the new role at once.</p>}
      schema={AdminRoleBodySchema}
      defaults={{ role: target.role, reason: '' }}
      bodyFields={ROLE_FIELDS}
      toBody={roleBody}
      fields={() => [
        {
          kind: 'choice',
          name: 'role',
          legend: 'Role',
          options: [{ value: 'learner', label: 'Learner', description: 'No staff rights.' }, ...STAFF_ROLES],
        },
        { kind: 'textarea', name: 'reason', label: 'Reason', optional: true },
      ]}
      confirmText={(v) => `Change ${target.name}'s role from ${target.role} to ${v.role}?`}
      confirmLabel="Yes, change the role"
      destructive
      submitLabel="Continue"
      busy={state.isLoading}
      send={async (body) => {
        const saved = await change({ id: target.id, body: body as BodyOf<'adminUserRole'> }).unwrap();
        return `${target.name} is now ${saved.role}.`;
      }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

interface DisableValues {
  reason: string;
}
const DISABLE_FIELDS: Record<string, BodyField<DisableValues>> = {
  reason: { field: 'reason', label: 'Reason' },
};

function DisableDialog({ target, onClose, onDone }: Done & { target: Target }) {
  const [set, state] = useSetUserDisabledMutation();
  const disabling = !target.disabled;
  return (
    <ActionDialog<DisableValues>
      id="staff-disable"
      title={`${disabling ? 'Disable' : 'Enable'} ${target.name}`}
      schema={AdminDisableBodySchema}
      defaults={{ reason: '' }}
      bodyFields={DISABLE_FIELDS}
      toBody={(v) => ({ disabled: disabling, reason: v.reason })}
      fields={() => [{ kind: 'textarea', name: 'reason', label: 'Reason', hint: 'Kept in the audit log.' }]}
      confirmText={() =>
        disabling
          ? `Disable ${target.name}'s account? They are signed out everywhere at once and cannot sign in.`
          : `Enable ${target.name}'s account again? They can sign in again.`
      }
      confirmLabel={disabling ? 'Yes, disable' : 'Yes, enable'}
      destructive={disabling}
      submitLabel="Continue"
      busy={state.isLoading}
      send={async (body) => {
        const saved = await set({ id: target.id, body: body as BodyOf<'adminUserDisabled'> }).unwrap();
        return `${target.name}'s account is ${saved.disabled ? 'disabled' : 'enabled'}.`;
      }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
