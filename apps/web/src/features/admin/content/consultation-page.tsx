import {
  AdminConsultationPackageBodySchema,
  type AdminConsultationPackage,
  type BodyOf,
} from '@atelier/contract';
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
import { Chip, ConsolePage } from '../components/cells';
import { UnsavedChangesGuard } from '../components/unsaved-changes';
import { useGetAdminConsultationPackagesQuery, useSaveAdminConsultationPackageMutation } from './content-api';
import { EditorFrame, EditorState, FormCheckbox, useContentView } from './content-form';
import './content.css';

/*
 * `/admin/consultation-packages`: the design-consultation packages. Their ids are fixed (the
 * spec's display order names them), so they are edited, not created.
 */
export function ConsultationPackagesPage() {
  const view = useContentView('consultation-packages');
  const packages = useGetAdminConsultationPackagesQuery();
  if (view.kind === 'edit') {
    const item = packages.data?.find((p) => p.id === view.id);
    if (!item)
      return (
        <EditorFrame section="consultation-packages" listLabel="All packages" title="Edit package">
          <EditorState
            loading={packages.isLoading}
            error={packages.error ?? { status: 404 }}
            onRetry={() => void packages.refetch()}
            what="package"
          />
        </EditorFrame>
      );
    return <PackageForm key={item.id} initial={item} />;
  }
  return (
    <ConsolePage
      title="Consultation packages"
      intro="The design-consultation packages, in the order the consultation page shows them."
    >
      {packages.isLoading ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> Loading the packages…
        </p>
      ) : packages.error ? (
        <div role="alert" className="admin-message admin-message--alert">
          <p>The packages could not be loaded.</p>
          <button type="button" className="button button--primary" onClick={() => void packages.refetch()}>
            Try again
          </button>
        </div>
      ) : (packages.data ?? []).length === 0 ? (
        <p>There are no packages yet.</p>
      ) : (
        <div className="data-table__scroll">
          <table className="data-table__table">
            <caption className="visually-hidden">Consultation packages</caption>
            <thead>
              <tr>
                <th scope="col">Package</th>
                <th scope="col">Price (₹)</th>
                <th scope="col">Price ($)</th>
                <th scope="col">Services</th>
                <th scope="col">On the site</th>
              </tr>
            </thead>
            <tbody>
              {(packages.data ?? []).map((p) => (
                <tr key={p.id}>
                  <td>
                    <Link to={`/admin/consultation-packages/${p.id}`}>{p.name}</Link>
                  </td>
                  <td>{p.price}</td>
                  <td>{p.dollar ?? '—'}</td>
                  <td>{p.services.length}</td>
                  <td>
                    <Chip tone={p.isActive ? 'good' : 'muted'}>{p.isActive ? 'active' : 'hidden'}</Chip>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ConsolePage>
  );
}

interface Values {
  name: string;
  description: string;
  price: string;
  dollar: string;
  covered: string;
  detailsRequired: string;
  isActive: boolean;
  services: { name: string; description: string; durationMinutes: string }[];
}

const FIELDS: Record<string, BodyField<Values>> = {
  name: { field: 'name', label: 'Name' },
  description: { field: 'description', label: 'Description' },
  price: { field: 'price', label: 'Price (₹)' },
  dollar: { field: 'dollar', label: 'Price ($)' },
  covered: { field: 'covered', label: 'What is covered' },
  detailsRequired: { field: 'detailsRequired', label: 'Details required' },
  services: { field: 'services', label: 'Services' },
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
    name: v.name.trim(),
    description: v.description.trim(),
    price: whole(v.price) ?? '',
    dollar: whole(v.dollar),
    covered: lines(v.covered),
    detailsRequired: lines(v.detailsRequired),
    services: v.services.map((s) => {
      const minutes = whole(s.durationMinutes);
      return {
        name: s.name.trim(),
        description: s.description.trim(),
        ...(minutes === null ? {} : { durationMinutes: minutes }),
      };
    }),
    isActive: v.isActive,
  };
}

function valuesOf(p: AdminConsultationPackage): Values {
  return {
    name: p.name,
    description: p.description,
    price: String(p.price),
    dollar: p.dollar === null ? '' : String(p.dollar),
    covered: p.covered.join('\n'),
    detailsRequired: p.detailsRequired.join('\n'),
    isActive: p.isActive,
    services: p.services.map((s) => ({
      name: s.name,
      description: s.description,
      durationMinutes: s.durationMinutes === undefined ? '' : String(s.durationMinutes),
    })),
  };
}

function PackageForm({ initial }: { initial: AdminConsultationPackage }) {
  const [save, saving] = useSaveAdminConsultationPackageMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z
        .custom<Values>(() => true)
        .superRefine((values, ctx) => {
          const untitled = new Set<string>();
          values.services.forEach((service, index) => {
            if (service.name.trim()) return;
            untitled.add('services');
            ctx.addIssue({
              code: 'custom',
              path: ['services', index, 'name'],
              message: `Service ${index + 1}: name is required.`,
            });
          });
          reportBodyIssues(AdminConsultationPackageBodySchema, bodyOf(values), ctx, FIELDS, untitled);
        }),
    [],
  );
  const form = useContractForm<Values>(schema, valuesOf(initial));
  const services = useFieldArray({ control: form.control, name: 'services' });

  const submit = async (values: Values) => {
    setFormError(null);
    setSaved(null);
    try {
      const result = await save({
        id: initial.id,
        body: bodyOf(values) as BodyOf<'adminConsultationPackageUpdate'>,
      }).unwrap();
      form.reset(valuesOf(result));
      setSaved('Saved. The consultation page shows it now.');
    } catch (error) {
      setFormError(showApiFailure(error, form.setError, FIELDS));
    }
  };

  return (
    <EditorFrame section="consultation-packages" listLabel="All packages" title={`Edit ${initial.name}`}>
      <UnsavedChangesGuard when={form.formState.isDirty} />
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
            name="price"
            label="Price (₹, whole rupees)"
            inputMode="numeric"
          />
          <FormTextField
            control={form.control}
            name="dollar"
            label="Price ($, whole dollars)"
            inputMode="numeric"
            optional
          />
        </div>
        <FormCheckbox control={form.control} name="isActive" label="Show on the consultation page" />
        <FormTextArea control={form.control} name="description" label="Description" optional />
        <FormTextArea
          control={form.control}
          name="covered"
          label="What is covered"
          hint="One per line."
          optional
        />
        <FormTextArea
          control={form.control}
          name="detailsRequired"
          label="Details required"
          hint="One per line."
          optional
        />
        <fieldset className="content-form__set">
          <legend>Services</legend>
          {services.fields.length === 0 ? <p className="admin-muted">No services yet.</p> : null}
          {services.fields.map((service, index) => (
            <div
              key={service.id}
              className="content-list-editor"
              role="group"
              aria-label={`Service ${index + 1}`}
            >
              <FormTextField
                control={form.control}
                name={`services.${index}.name`}
                label={`Service ${index + 1}: name`}
              />
              <FormTextArea
                control={form.control}
                name={`services.${index}.description`}
                label={`Service ${index + 1}: description`}
                optional
              />
              <FormTextField
                control={form.control}
                name={`services.${index}.durationMinutes`}
                label={`Service ${index + 1}: minutes`}
                inputMode="numeric"
                optional
              />
              <p>
                <button
                  type="button"
                  className="button button--quiet button--small"
                  onClick={() => services.remove(index)}
                >
                  Remove service {index + 1}
                </button>
              </p>
            </div>
          ))}
          {form.formState.errors.services?.message ? (
            <p className="form-field__error" role="alert">
              {form.formState.errors.services.message}
            </p>
          ) : null}
          <p>
            <button
              type="button"
              className="button button--quiet"
              onClick={() => services.append({ name: '', description: '', durationMinutes: '' })}
            >
              Add a service
            </button>
          </p>
        </fieldset>
        <SubmitButton busy={saving.isLoading} busyLabel="Saving…">
          Save package
        </SubmitButton>
      </form>
    </EditorFrame>
  );
}
