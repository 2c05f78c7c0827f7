import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { preparedOn } from '../../db/prepared.js';
import { z } from 'zod';
import { queryRow, type Executor } from '../../db/query.js';
import {
  assessmentProgresses,
  coinsWallets,
  tripApplications,
  trips,
  users,
  type UserRole,
} from '../../db/schema/index.js';

/** The database or an open transaction (one type for every repository: db/query.ts). */
export type { Executor };

/** The stored profile of a user, with the wallet balance and the latest assessment. */
export interface ProfileRow {
  id: number;
  email: string | null;
  name: string | null;
  mobile: string | null;
  gender: string | null;
  city: string | null;
  dob: string | null;
  iam: string | null;
  upiId: string | null;
  college: string | null;
  instagram: string | null;
  linkedin: string | null;
  behance: string | null;
  dribbble: string | null;
  imagePath: string | null;
  referCode: string;
  secretKey: string;
  isVerified: boolean;
  role: UserRole;
  disabledAt: Date | null;
  coins: number | null;
  cpId: number | null;
}

/** One user's profile row, or null. */
export async function findProfileRow(db: Executor, userId: number): Promise<ProfileRow | null> {
  // Every profile read and write answers with this: a named prepared statement (db/prepared.ts).
  const statement = preparedOn(db, 'users_profile_row', () => {
    const latestCpId = db
      .select({ cpId: assessmentProgresses.cpId })
      .from(assessmentProgresses)
      .where(eq(assessmentProgresses.userId, users.id))
      .orderBy(desc(assessmentProgresses.updatedAt), desc(assessmentProgresses.id))
      .limit(1);
    return db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        mobile: users.mobile,
        gender: users.gender,
        city: users.city,
        dob: users.dob,
        iam: users.iam,
        upiId: users.upiId,
        college: users.college,
        instagram: users.instagram,
        linkedin: users.linkedin,
        behance: users.behance,
        dribbble: users.dribbble,
        imagePath: users.imagePath,
        referCode: users.referCode,
        secretKey: users.secretKey,
        isVerified: users.isVerified,
        role: users.role,
        disabledAt: users.disabledAt,
        coins: coinsWallets.walletCoins,
        cpId: sql<number | null>`(${latestCpId})`.mapWith(Number),
      })
      .from(users)
      .leftJoin(coinsWallets, eq(coinsWallets.userId, users.id))
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('users_profile_row');
  });
  const [row] = await statement.execute({ userId });
  return row ?? null;
}

/** The user's trip applications with their trip's title and dates, earliest trip first. */
export async function listTripApplications(db: Executor, userId: number) {
  const statement = preparedOn(db, 'users_trip_applications', () =>
    db
      .select({
        id: trips.id,
        title: trips.title,
        slug: trips.slug,
        startDate: trips.startDate,
        endDate: trips.endDate,
        status: tripApplications.status,
        applicationId: tripApplications.id,
      })
      .from(tripApplications)
      .innerJoin(trips, eq(trips.id, tripApplications.tripId))
      .where(eq(tripApplications.userId, sql.placeholder('userId')))
      .orderBy(asc(trips.startDate), asc(tripApplications.id))
      .prepare('users_trip_applications'),
  );
  return statement.execute({ userId });
}

/** The profile columns a learner may write (the allowlist, checklist C1). */
export interface ProfilePatch {
  name?: string;
  mobile?: string;
  gender?: string;
  city?: string | null;
  dob?: string;
  iam?: string;
  college?: string | null;
  upiId?: string | null;
  instagram?: string | null;
  linkedin?: string | null;
  behance?: string | null;
  dribbble?: string | null;
}

/** Writes the allowlisted profile fields; unique violations (mobile) are the caller's to map. */
export async function updateProfileFields(
  db: Executor,
  userId: number,
  patch: ProfilePatch,
  now: Date,
): Promise<void> {
  const values: ProfilePatch = {};
  for (const key of PATCHABLE)
    if (patch[key] !== undefined) (values as Record<string, unknown>)[key] = patch[key];
  await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, userId));
}

const PATCHABLE: readonly (keyof ProfilePatch)[] = [
  'name',
  'mobile',
  'gender',
  'city',
  'dob',
  'iam',
  'college',
  'upiId',
  'instagram',
  'linkedin',
  'behance',
  'dribbble',
];

/** Replaces the avatar path; returns the previous one. */
export async function replaceImagePath(
  db: Executor,
  userId: number,
  imagePath: string,
  now: Date,
): Promise<string | null> {
  const row = await queryRow(
    db,
    sql`
    update ${users} u set image_path = ${imagePath}, updated_at = ${now.toISOString()}::timestamptz
    from (select id, image_path from ${users} where id = ${userId} for update) old
    where u.id = old.id
    returning old.image_path as previous`,
    z.object({ previous: z.string().nullable() }),
  );
  return row?.previous ?? null;
}

/** Sets a new calendar-feed key. */
export async function updateSecretKey(
  db: Executor,
  userId: number,
  secretKey: string,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ secretKey, updatedAt: now })
    .where(and(eq(users.id, userId)));
}
