import { AppError } from '~/lib/shared/errors';
import { getStorage } from '~/lib/server/storage';
import type { FileContent } from '~/lib/server/storage/types';

/** A public stored file (banner images…) by its unguessable key; 404 when there is none. */
export async function getPublicFile(key: string): Promise<FileContent> {
  const file = await getStorage().get(key);
  if (!file) throw new AppError('not_found');
  return file;
}
