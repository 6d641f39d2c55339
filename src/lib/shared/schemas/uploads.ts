import { z } from 'zod';

/** A file received in a multipart body, read into memory by the server (bounded). */
export interface UploadedFile {
  name: string;
  /** The type the client declared: never trusted, contents are checked. */
  declaredType: string;
  data: Uint8Array;
}

const isUploadedFile = (value: unknown): value is UploadedFile =>
  typeof value === 'object' && value !== null && (value as UploadedFile).data instanceof Uint8Array;

/** One uploaded file; missing (or a plain text field in its place) is a 400 with a field message. */
export const UploadedFileSchema = z
  .custom<UploadedFile>(isUploadedFile, { message: 'validation.required.file' })
  .meta({ type: 'string', format: 'binary' });
