/**
 * An endpoint path of the contract's table with its `{name}` parameters filled in
 * (`'/api/trip/{id}/details'`, `{ id: 4 }` → `'/api/trip/4/details'`), and an optional query
 * string of the values that are set.
 */
export function apiPath(
  template: string,
  params: Record<string, string | number> = {},
  query: Record<string, string | number | null | undefined> = {},
): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`The path ${template} needs a value for {${name}}.`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** A positive whole-number id from an address (`?id=`), or `null`. */
export function readId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
