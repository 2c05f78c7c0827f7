import {
  siteEndpointPaths,
  type BodyOf,
  type EndpointAddress,
  type EndpointName,
  type HttpMethod,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@atelier/contract';

/**
 * The addresses requests are built from: the site's, plus those a lazily loaded part of the app
 * registers when it loads (the staff console's, issue 17), so that no public page carries them.
 */
const addresses: Partial<Record<string, EndpointAddress>> = { ...siteEndpointPaths };

/** Adds a part's addresses (the staff console's chunk calls this as it loads). */
export function registerEndpointPaths(paths: Readonly<Record<string, EndpointAddress>>): void {
  Object.assign(addresses, paths);
}

/** The address of endpoint `name`; throws when its part of the app has not registered it. */
export function endpointAddress(name: EndpointName): EndpointAddress {
  const entry = addresses[name];
  if (!entry) throw new Error(`The address of ${name} is not loaded in this part of the app.`);
  return entry;
}

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

type Part<T, K extends string> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

/** What a call of endpoint `N` sends, typed from the contract's endpoint table. */
export type EndpointInput<N extends EndpointName> = Part<ParamsOf<N>, 'params'> &
  Partial<Part<QueryOf<N>, 'query'>> &
  Part<BodyOf<N>, 'body'>;

/** The input argument: optional when the endpoint needs no params and no body. */
type EndpointArgs<N extends EndpointName> =
  object extends EndpointInput<N> ? [input?: EndpointInput<N>] : [input: EndpointInput<N>];

/**
 * The request of endpoint `name` of the contract's table: its method, its path with `{name}`
 * parameters and the query filled in, and its body. The answer's `data` is `ResponseOf<N>`: the
 * server serialises every answer through the entry's response schema.
 */
export function endpointRequest<N extends EndpointName>(
  name: N,
  ...[input]: EndpointArgs<N>
): { url: string; method: HttpMethod; body?: unknown } {
  const entry = endpointAddress(name);
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, string | number | null | undefined>;
    body?: unknown;
  };
  const url = apiPath(entry.path, params, query);
  return { url, method: entry.method, ...(body === undefined ? {} : { body }) };
}

/**
 * The `data` of a successful call of endpoint `name` inside a `queryFn`, typed from the table. The
 * server serialises every answer through the entry's response schema, so the client takes that
 * type on trust here, in this one place (a plain `query` endpoint declares it the same way).
 */
export function responseOf<N extends EndpointName>(_name: N, data: unknown): ResponseOf<N> {
  return data as ResponseOf<N>;
}
