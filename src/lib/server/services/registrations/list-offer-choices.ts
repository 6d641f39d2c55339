/** The offers the admin screens filter by (payments, registrations): every offer's id and title. */
import { desc } from 'drizzle-orm';
import { requireManageRegistrations, type Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { offers } from '~/lib/server/db/schema';

/** A select lists at most this many offers (the newest). */
const OFFER_CHOICES_MAX = 500;

export interface OfferChoice {
  id: number;
  title: string;
}

/** Every offer's id and title, newest first, for a filter's select; platform admins. */
export async function listOfferChoices(caller: Caller): Promise<OfferChoice[]> {
  requireManageRegistrations(caller);
  const db = await getDb();
  return db.select({ id: offers.id, title: offers.title }).from(offers).orderBy(desc(offers.createdAt), desc(offers.id)).limit(OFFER_CHOICES_MAX);
}
