import { isAppError } from '~/lib/shared/errors';

/** A page's data, or null when the service says "not found" (the page answers 404 in its own words). */
export async function orNotFound<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') return null;
    throw error;
  }
}

/** Like orNotFound, for downloads only staff may have: "forbidden" is answered as "not found" too (nothing to tell a student). */
export async function orHidden<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (isAppError(error) && (error.code === 'not_found' || error.code === 'forbidden')) return null;
    throw error;
  }
}
