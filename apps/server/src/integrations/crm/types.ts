/*
 * The CRM (issue 16; spec §3 "Lead sent to the customer-relationship service", §9 constants). One
 * interface, two adapters chosen in the composition root: the real one when CRM_API_URL and
 * CRM_API_KEY are set (`POST {CRM_API_URL}/leads`, `POST {CRM_API_URL}/notes`, key in the
 * `api-key` header), the local one otherwise (records what it would send; `GET /api/dev/crm`).
 * Calls reach the network: never inside a database transaction. Only the job queue calls them.
 */

/** A phone number as the CRM wants it (spec §9: type MOBILE, code IN, dial code +91 by default). */
export interface CrmPhoneNumber {
  type: 'MOBILE';
  /** ISO country code, `IN` unless the number says otherwise. */
  code: string;
  /** The national number (spec §5: the part after the space). */
  value: string;
  dialCode: string;
  primary: boolean;
}

/** An e-mail as the CRM wants it (spec §9: type OFFICE). */
export interface CrmEmail {
  type: 'OFFICE';
  value: string;
  primary: boolean;
}

/** The lead exactly as sent (spec §3). */
export interface CrmLead {
  firstName: string;
  lastName: string;
  phoneNumbers: CrmPhoneNumber[];
  emails: CrmEmail[];
  /** The CRM's products the lead is about (ids as the CRM knows them). */
  products: Array<{ id: number | string; name?: string }>;
  requirementName: string;
  /** 2471051 (spec §9). */
  source: number;
  /** 1098285 (spec §9). */
  campaign: number;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
}

/** A note on a CRM lead (the spec's "create note"). */
export interface CrmNote {
  sourceEntity: { description: string };
  /** The CRM's lead id. */
  targetEntityId: string | number;
  targetEntityType: 'lead';
}

export interface CrmCallOptions {
  /** Aborted when the job runner stops; the adapter also applies its own timeout. */
  signal?: AbortSignal;
}

/**
 * A failed CRM call. `retryable` false for an answer that can never succeed (400/422: our lead is
 * malformed) — the job then goes dead at once; true for 5xx, 429, timeouts, redirects, HTML,
 * malformed JSON and oversized bodies.
 */
export class CrmError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CrmError';
  }
}

export interface CrmClient {
  /** `remote` (the real CRM) or `local` (records only). */
  readonly kind: 'remote' | 'local';
  /** Creates a lead; resolves with the CRM's lead id. */
  createLead(lead: CrmLead, opts?: CrmCallOptions): Promise<{ id: string }>;
  /**
   * The CRM's lead for this e-mail (or mobile) created since `since`, if any: searched before a
   * retried create, so a lead whose answer was lost is not created twice.
   */
  findLead(
    query: {
      email: string | null;
      mobile: string | null;
      since: Date;
      /** CRM ids already stored on our other leads (a designated page's earlier lead): never these. */
      excludeIds?: readonly string[];
    },
    opts?: CrmCallOptions,
  ): Promise<{ id: string } | null>;
  /** Adds a note to a lead; resolves with the CRM's note id. */
  createNote(note: CrmNote, opts?: CrmCallOptions): Promise<{ id: string }>;
}
