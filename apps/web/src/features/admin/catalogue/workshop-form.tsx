import {
  AdminWorkshopBodySchema,
  type AdminCategory,
  type AdminWorkshop,
  type AdminWorkshopBody,
} from '@atelier/contract';
import { useEffect, useMemo, useState } from 'react';
import { useController, useFieldArray, type Control, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import {
  FormAlert,
  FormSelectField,
  FormTextArea,
  FormTextField,
  SubmitButton,
  useContractForm,
  type BodyField,
} from '../../../lib/forms';
import { imageSources } from '../../../lib/images';
import { UnsavedChangesGuard } from '../components/unsaved-changes';
import { slugify } from './category-dialog';
import { lines, numberOrNull, reportByPath, showFailure } from './form-paths';

/** The workshop form as typed: every field a string (or the chosen subcategory ids). */
export interface WorkshopValues {
  type: string;
  title: string;
  shortTitle: string;
  slug: string;
  searchKeys: string;
  markAs: string;
  description: string;
  thumbnail: string;
  brochureUrl: string;
  amount: string;
  dollar: string;
  slashAmount: string;
  slashDollar: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  tagline: string;
  duration: string;
  level: string;
  language: string;
  videoUrl: string;
  certificate: string;
  highlights: string;
  outcomes: string;
  curriculum: string;
  /** The instructor cards of the page (not the accounts who teach: those are on the Instructors tab). */
  cards: { name: string; role: string; bio: string }[];
  /** Bonuses, testimonials, case studies and learners, as JSON. */
  otherSections: string;
  subcategoryIds: string[];
  published: string;
}

const F = (field: keyof WorkshopValues, label: string): BodyField<WorkshopValues> => ({ field, label });

/** Where each body path is shown (the API's field errors use the same dotted paths). */
export const WORKSHOP_FIELDS: Record<string, BodyField<WorkshopValues>> = {
  type: F('type', 'Type'),
  title: F('title', 'Title'),
  shortTitle: F('shortTitle', 'Short title'),
  slug: F('slug', 'Slug'),
  searchKeys: F('searchKeys', 'Search keys'),
  markAs: F('markAs', 'Badge'),
  description: F('description', 'Description'),
  thumbnail: F('thumbnail', 'Thumbnail'),
  brochureUrl: F('brochureUrl', 'Brochure address'),
  amount: F('amount', 'Price in INR'),
  dollar: F('dollar', 'Price in USD'),
  slashAmount: F('slashAmount', 'Slashed price in INR'),
  slashDollar: F('slashDollar', 'Slashed price in USD'),
  'metaTags.title': F('metaTitle', 'Meta title'),
  'metaTags.description': F('metaDescription', 'Meta description'),
  'metaTags.keywords': F('metaKeywords', 'Meta keywords'),
  metaTags: F('metaTitle', 'Meta title'),
  'hero.tagline': F('tagline', 'Tagline'),
  'hero.duration': F('duration', 'Duration'),
  'hero.level': F('level', 'Level'),
  'hero.language': F('language', 'Language'),
  'hero.videoUrl': F('videoUrl', 'Video address'),
  'hero.highlights': F('highlights', 'Each highlight'),
  'hero.hasCertificate': F('certificate', 'Certificate'),
  'sections.outcomes': F('outcomes', 'Each outcome'),
  'sections.curriculum': F('curriculum', 'Each curriculum line'),
  'sections.bonus': F('otherSections', 'Other sections: bonus'),
  'sections.testimonials': F('otherSections', 'Other sections: testimonials'),
  'sections.caseStudies': F('otherSections', 'Other sections: case studies'),
  'sections.learners': F('otherSections', 'Other sections: learners'),
  subcategoryIds: F('subcategoryIds', 'Subcategories'),
  isPublished: F('published', 'Status'),
  '*': F('title', 'The workshop'),
};

/** Curriculum as text: a line starting with `#` opens a block (its title); the lines under it are its points. */
export function curriculumFromText(text: string): { title: string; points: string[] }[] {
  const blocks: { title: string; points: string[] }[] = [];
  for (const line of lines(text)) {
    if (line.startsWith('#')) blocks.push({ title: line.replace(/^#+\s*/, ''), points: [] });
    else if (blocks.length > 0) blocks[blocks.length - 1]!.points.push(line);
    else blocks.push({ title: line, points: [] });
  }
  return blocks;
}

/** The sections edited as JSON (the rest have their own fields). */
const OTHER_SECTIONS = ['bonus', 'testimonials', 'caseStudies', 'learners'] as const;

/** Where the instructor cards' problems show: each card's own fields. */
export function cardFields(rows: number): Record<string, BodyField<WorkshopValues>> {
  const fields: Record<string, BodyField<WorkshopValues>> = {};
  const card = (i: number, key: string, label: string) =>
    ({ field: `cards.${i}.${key}`, label: `Card ${i + 1}: ${label}` }) as BodyField<WorkshopValues>;
  for (let i = 0; i < rows; i += 1) {
    fields[`sections.instructors.${i}.name`] = card(i, 'name', 'the name');
    fields[`sections.instructors.${i}.role`] = card(i, 'role', 'the role');
    fields[`sections.instructors.${i}.bio`] = card(i, 'bio', 'the bio');
  }
  return { ...WORKSHOP_FIELDS, ...fields };
}

/** The JSON typed for the other sections, or undefined when it is not a JSON object. */
export function parseOther(textValue: string): Record<string, unknown> | undefined {
  if (!textValue.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(textValue);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function curriculumToText(blocks: unknown): string {
  if (!Array.isArray(blocks)) return '';
  return (blocks as { title?: string; points?: string[] }[])
    .map((b) => [`# ${b.title ?? ''}`, ...(b.points ?? [])].join('\n'))
    .join('\n');
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: number | null) => (value === null ? '' : String(value));

export function valuesOf(w: AdminWorkshop | null): WorkshopValues {
  const hero = w?.hero ?? {};
  const sections = w?.sections ?? {};
  return {
    type: w ? String(w.type) : '2',
    title: w?.title ?? '',
    shortTitle: w?.shortTitle ?? '',
    slug: w?.slug ?? '',
    searchKeys: w?.searchKeys ?? '',
    markAs: w?.markAs ?? '',
    description: w?.description ?? '',
    thumbnail: w?.thumbnail ?? '',
    brochureUrl: w?.brochureUrl ?? '',
    amount: num(w?.amount ?? null),
    dollar: num(w?.dollar ?? null),
    slashAmount: num(w?.slashAmount ?? null),
    slashDollar: num(w?.slashDollar ?? null),
    metaTitle: w?.metaTags?.title ?? '',
    metaDescription: w?.metaTags?.description ?? '',
    metaKeywords: w?.metaTags?.keywords ?? '',
    tagline: text(hero.tagline),
    duration: text(hero.duration),
    level: text(hero.level),
    language: text(hero.language),
    videoUrl: text(hero.videoUrl),
    certificate: hero.hasCertificate === true ? 'yes' : hero.hasCertificate === false ? 'no' : '',
    highlights: Array.isArray(hero.highlights) ? (hero.highlights as string[]).join('\n') : '',
    outcomes: Array.isArray(sections.outcomes) ? (sections.outcomes as string[]).join('\n') : '',
    curriculum: curriculumToText(sections.curriculum),
    cards: Array.isArray(sections.instructors)
      ? (sections.instructors as { name?: string; role?: string; bio?: string }[]).map((card) => ({
          name: card.name ?? '',
          role: card.role ?? '',
          bio: card.bio ?? '',
        }))
      : [],
    otherSections: (() => {
      const other = Object.fromEntries(
        OTHER_SECTIONS.filter((k) => k in sections).map((k) => [k, sections[k]]),
      );
      return Object.keys(other).length > 0 ? JSON.stringify(other, null, 2) : '';
    })(),
    subcategoryIds: (w?.subcategoryIds ?? []).map(String),
    published: w?.isPublished ? 'yes' : 'no',
  };
}

/** The body to send: the typed fields, plus the sections this form does not edit, kept as they were. */
export function workshopBodyOf(values: WorkshopValues, original: AdminWorkshop | null): AdminWorkshopBody {
  const optional = (value: string) => (value.trim() ? value.trim() : undefined);
  const hero: Record<string, unknown> = {
    tagline: optional(values.tagline),
    duration: optional(values.duration),
    level: optional(values.level),
    language: optional(values.language),
    videoUrl: optional(values.videoUrl),
    highlights: lines(values.highlights).length > 0 ? lines(values.highlights) : undefined,
    hasCertificate: values.certificate === '' ? undefined : values.certificate === 'yes',
  };
  const before: Record<string, unknown> = original?.sections ?? {};
  const beforeCards = Array.isArray(before.instructors)
    ? (before.instructors as { name?: string; image?: string }[])
    : [];
  // Unparsable JSON keeps the sections as they were (the form reports it before sending).
  const other =
    parseOther(values.otherSections) ?? Object.fromEntries(OTHER_SECTIONS.map((k) => [k, before[k]]));
  const sections: Record<string, unknown> = {
    ...before,
    ...Object.fromEntries(OTHER_SECTIONS.map((k) => [k, undefined])),
    ...other,
    outcomes: lines(values.outcomes).length > 0 ? lines(values.outcomes) : undefined,
    curriculum: values.curriculum.trim() ? curriculumFromText(values.curriculum) : undefined,
    instructors:
      values.cards.length > 0
        ? values.cards.map((card) => {
            // A card keeps the photo it had (by name).
            const image = beforeCards.find((b) => b.name === card.name)?.image;
            return { name: card.name, role: card.role, bio: card.bio, ...(image ? { image } : {}) };
          })
        : undefined,
  };
  const clean = (record: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
  return {
    type: numberOrNull(values.type),
    title: values.title,
    shortTitle: values.shortTitle,
    slug: values.slug.trim() || slugify(values.shortTitle || values.title),
    searchKeys: values.searchKeys,
    markAs: values.markAs.trim() || null,
    description: values.description,
    thumbnail: values.thumbnail.trim() || null,
    brochureUrl: values.brochureUrl.trim() || null,
    amount: numberOrNull(values.amount),
    dollar: numberOrNull(values.dollar),
    slashAmount: numberOrNull(values.slashAmount),
    slashDollar: numberOrNull(values.slashDollar),
    hero: clean(hero),
    sections: clean(sections),
    metaTags:
      values.metaTitle.trim() || values.metaDescription.trim() || values.metaKeywords.trim()
        ? { title: values.metaTitle, description: values.metaDescription, keywords: values.metaKeywords }
        : null,
    subcategoryIds: values.subcategoryIds.map(Number),
    isPublished: values.published === 'yes',
  } as AdminWorkshopBody;
}

/** The subcategories a workshop is listed in: checkboxes grouped by category. */
function SubcategoryChecks({
  control,
  categories,
}: {
  control: Control<WorkshopValues>;
  categories: readonly AdminCategory[];
}) {
  const { field, fieldState } = useController({ control, name: 'subcategoryIds' });
  const chosen = new Set(field.value);
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    field.onChange([...next]);
  };
  const error = fieldState.error?.message;
  return (
    <fieldset aria-describedby={error ? 'subcategories-error' : undefined}>
      <legend>Listed in</legend>
      {categories.length === 0 ? <p className="admin-muted">No categories yet.</p> : null}
      {categories.map((category) => (
        <div key={category.id}>
          <p className="admin-muted">{category.name}</p>
          <ul className="catalogue-checks">
            {category.subcategories.map((sub) => (
              <li key={sub.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={chosen.has(String(sub.id))}
                    onChange={() => toggle(String(sub.id))}
                  />{' '}
                  {sub.name}
                  {sub.isActive ? '' : ' (hidden)'}
                </label>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {error ? (
        <p className="form-field__error" id="subcategories-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * A workshop's details (issue 17 point 1): titles, slug, search keys, badge, description,
 * thumbnail (an image of the site's image pipeline, by path), brochure, prices, meta tags, the
 * top of its page (hero), outcomes and curriculum, where it is listed and whether it is published.
 * Checked against the contract before it is sent; the server's answer (a slug already taken) shows
 * beside its field.
 */
export function WorkshopForm({
  workshop,
  categories,
  busy,
  onSave,
}: {
  workshop: AdminWorkshop | null;
  categories: readonly AdminCategory[];
  busy: boolean;
  onSave: (body: AdminWorkshopBody) => Promise<AdminWorkshop>;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z
        .custom<WorkshopValues>(() => true)
        .superRefine((values, ctx) => {
          if (parseOther(values.otherSections) === undefined)
            ctx.addIssue({
              code: 'custom',
              path: ['otherSections'],
              message:
                'Other sections must be a JSON object, e.g. {"bonus": [{"title": "…", "description": "…"}]}.',
            });
          reportByPath(
            AdminWorkshopBodySchema,
            workshopBodyOf(values, workshop),
            ctx,
            cardFields(values.cards.length),
          );
        }),
    [workshop],
  );
  const form = useContractForm<WorkshopValues>(schema, valuesOf(workshop));
  const cards = useFieldArray({ control: form.control, name: 'cards' });
  useEffect(() => {
    if (workshop && !form.formState.isDirty) form.reset(valuesOf(workshop));
    // Only when another version of the workshop arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [workshop]);
  const thumbnail = form.watch('thumbnail');
  const preview = /^\/images\/[a-z0-9][a-z0-9/_-]*\.(?:jpg|png)$/.test(thumbnail)
    ? imageSources(thumbnail)
    : null;

  const submit = async (values: WorkshopValues) => {
    setFormError(null);
    setSaved(null);
    try {
      const after = await onSave(workshopBodyOf(values, workshop));
      form.reset(valuesOf(after));
      setSaved(
        after.isPublished
          ? `${after.shortTitle} is saved and published: the site shows the change now.`
          : `${after.shortTitle} is saved as a draft (not shown on the site).`,
      );
    } catch (error) {
      setFormError(showFailure(error, form.setError, cardFields(values.cards.length)));
    }
  };

  const c = form.control;
  return (
    <form
      className="form catalogue-form"
      noValidate
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
    >
      <UnsavedChangesGuard when={form.formState.isDirty} />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {saved ? (
        <p role="status" className="admin-message">
          {saved}
        </p>
      ) : null}
      <fieldset>
        <legend>The workshop</legend>
        <div className="catalogue-grid">
          <FormSelectField
            control={c}
            name="type"
            label="Type"
            options={[
              { value: '1', label: 'Masterclass' },
              { value: '2', label: 'Course' },
            ]}
          />
          <FormSelectField
            control={c}
            name="published"
            label="Status"
            options={[
              { value: 'no', label: 'Draft: not on the site' },
              { value: 'yes', label: 'Published: on the site' },
            ]}
          />
          <FormTextField control={c} name="markAs" label="Badge" hint="E.g. Top Seller." optional />
        </div>
        <FormTextField control={c} name="title" label="Title" />
        <div className="catalogue-grid">
          <FormTextField control={c} name="shortTitle" label="Short title" hint="Cards and menus." />
          <FormTextField
            control={c}
            name="slug"
            label="Slug"
            hint="Part of the page address; left empty, it is made from the short title."
            optional
          />
        </div>
        <FormTextField
          control={c}
          name="searchKeys"
          label="Search keys"
          hint="Extra words the catalogue search finds it by (tools, synonyms)."
          optional
        />
        <FormTextArea control={c} name="description" label="Description" optional />
      </fieldset>

      <fieldset>
        <legend>Prices (whole rupees and dollars)</legend>
        <p className="admin-muted">Used when the workshop has no batch; a batch's own prices come first.</p>
        <div className="catalogue-grid">
          <FormTextField control={c} name="amount" label="Price in INR" inputMode="numeric" optional />
          <FormTextField
            control={c}
            name="slashAmount"
            label="Slashed price in INR"
            inputMode="numeric"
            optional
          />
          <FormTextField control={c} name="dollar" label="Price in USD" inputMode="numeric" optional />
          <FormTextField
            control={c}
            name="slashDollar"
            label="Slashed price in USD"
            inputMode="numeric"
            optional
          />
        </div>
      </fieldset>

      <fieldset>
        <legend>Images and brochure</legend>
        <FormTextField
          control={c}
          name="thumbnail"
          label="Thumbnail"
          hint="An image of the site's image pipeline by its path, e.g. /images/workshops/revit-architecture.jpg (there is no upload yet)."
          optional
        />
        {preview ? (
          <img
            className="catalogue-thumb"
            src={preview.src}
            srcSet={preview.srcSet}
            sizes="240px"
            width={240}
            height={150}
            alt="Thumbnail preview"
          />
        ) : null}
        <FormTextField
          control={c}
          name="brochureUrl"
          label="Brochure address"
          hint="An https:// address."
          optional
        />
      </fieldset>

      <SubcategoryChecks control={c} categories={categories} />

      <fieldset>
        <legend>Top of the page</legend>
        <FormTextField control={c} name="tagline" label="Tagline" optional />
        <div className="catalogue-grid">
          <FormTextField control={c} name="duration" label="Duration" hint="E.g. 8 weeks." optional />
          <FormTextField control={c} name="level" label="Level" optional />
          <FormTextField control={c} name="language" label="Language" optional />
          <FormSelectField
            control={c}
            name="certificate"
            label="Certificate"
            placeholder="Not said"
            options={[
              { value: 'yes', label: 'With a certificate' },
              { value: 'no', label: 'No certificate' },
            ]}
          />
        </div>
        <FormTextField
          control={c}
          name="videoUrl"
          label="Video address"
          hint="An https:// address (YouTube)."
          optional
        />
        <FormTextArea control={c} name="highlights" label="Highlights" hint="One per line." optional />
      </fieldset>

      <fieldset>
        <legend>Landing page sections</legend>
        <FormTextArea control={c} name="outcomes" label="Outcomes" hint="One per line." optional />
        <FormTextArea
          control={c}
          name="curriculum"
          label="Curriculum"
          hint="A line starting with # opens a week or module; the lines under it are its points."
          className="catalogue-textarea--tall"
          optional
        />
      </fieldset>

      <fieldset>
        <legend>Instructor cards on the page</legend>
        {cards.fields.length === 0 ? <p className="admin-muted">No cards.</p> : null}
        {cards.fields.map((card, index) => (
          <div key={card.id} className="catalogue-card">
            <div className="catalogue-grid">
              <FormTextField
                control={c}
                name={`cards.${index}.name` as FieldPath<WorkshopValues>}
                label={`Card ${index + 1}: name`}
              />
              <FormTextField
                control={c}
                name={`cards.${index}.role` as FieldPath<WorkshopValues>}
                label={`Card ${index + 1}: role`}
                optional
              />
            </div>
            <FormTextArea
              control={c}
              name={`cards.${index}.bio` as FieldPath<WorkshopValues>}
              label={`Card ${index + 1}: bio`}
              optional
            />
            <button
              type="button"
              className="button button--quiet button--small"
              aria-label={`Remove card ${index + 1}`}
              onClick={() => cards.remove(index)}
            >
              Remove card
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button button--quiet"
          disabled={cards.fields.length >= 20}
          onClick={() => cards.append({ name: '', role: '', bio: '' })}
        >
          Add an instructor card
        </button>
      </fieldset>

      <fieldset>
        <legend>Other sections</legend>
        <FormTextArea
          control={c}
          name="otherSections"
          label="Bonuses, testimonials, case studies and learners (JSON)"
          hint='Keys "bonus" [{title, description}], "testimonials" [{name, role, quote, videoUrl?}], "caseStudies" [{title, author, summary, image?}], "learners" {headline, count, profiles}.'
          className="catalogue-textarea--tall"
          optional
        />
      </fieldset>

      <fieldset>
        <legend>Page head (meta tags)</legend>
        <FormTextField control={c} name="metaTitle" label="Meta title" optional />
        <FormTextField control={c} name="metaDescription" label="Meta description" optional />
        <FormTextField control={c} name="metaKeywords" label="Meta keywords" optional />
      </fieldset>

      <SubmitButton busy={busy} busyLabel="Saving…">
        {workshop ? 'Save the workshop' : 'Create the workshop'}
      </SubmitButton>
    </form>
  );
}
