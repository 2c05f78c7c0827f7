import type { FieldValues, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { apiFieldErrors, apiFormMessage, fieldMessage, type BodyField } from '../../../lib/forms';

/*
 * The catalogue forms' bodies are nested (hero, sections, meta tags, schedule rows, instalment
 * rows): their issues are found by their whole dotted path (`schedules.1.endTime`, as the API's
 * field errors name them), then by shorter and shorter prefixes, then `*`.
 */

/** The field a dotted body path belongs to. */
export function fieldFor<TForm extends FieldValues>(
  fields: Partial<Record<string, BodyField<TForm>>>,
  path: readonly PropertyKey[],
): BodyField<TForm> | undefined {
  for (let length = path.length; length > 0; length -= 1) {
    const found = fields[path.slice(0, length).map(String).join('.')];
    if (found) return found;
  }
  return fields['*'];
}

/** Checks `body` against the contract's `schema`, each issue reported once on its field. */
export function reportByPath<TForm extends FieldValues>(
  schema: z.ZodType,
  body: unknown,
  ctx: z.RefinementCtx,
  fields: Partial<Record<string, BodyField<TForm>>>,
): void {
  const result = schema.safeParse(body);
  if (result.success) return;
  const reported = new Set<string>();
  for (const issue of result.error.issues) {
    const target = fieldFor(fields, issue.path);
    if (!target || reported.has(target.field)) continue;
    reported.add(target.field);
    ctx.addIssue({
      code: 'custom',
      path: target.field.split('.'),
      message: target.message ?? fieldMessage(target.label, issue.message),
    });
  }
}

/** A typed number field's value for a body: empty → null; digits → the number; else as typed (the schema says why). */
export function numberOrNull(text: string): number | string | null {
  const value = text.trim();
  if (value === '') return null;
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
}

/** Lines of a text area, trimmed, without the empty ones. */
export function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * Shows a failed call on a form: each API field error beside the field its path belongs to
 * (focus on the first); returns the sentence for above the form, or null when every error found
 * its field.
 */
export function showFailure<TForm extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TForm>,
  fields: Partial<Record<string, BodyField<TForm>>>,
): string | null {
  const apiFields = apiFieldErrors(error);
  let mapped = 0;
  for (const [path, message] of Object.entries(apiFields)) {
    const target = fieldFor(fields, path.split('.'));
    if (!target || target === fields['*']) continue;
    setError(
      target.field,
      { type: 'server', message: target.message ?? fieldMessage(target.label, message) },
      { shouldFocus: mapped === 0 },
    );
    mapped += 1;
  }
  return mapped > 0 && mapped === Object.keys(apiFields).length ? null : apiFormMessage(error);
}
