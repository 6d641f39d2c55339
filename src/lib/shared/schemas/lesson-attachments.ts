/** Schemas of lesson attachments: files (PDF, images, office documents, zip) offered with a lesson. */
import { z } from 'zod';
import { IdSchema, SessionBodySchema } from './common';
import { UploadedFileSchema } from './uploads';

export const LessonAttachmentParamsSchema = z.object({ id: IdSchema, attachmentId: IdSchema });

/** multipart/form-data: one file in the field `file`. */
export const UploadLessonAttachmentBodySchema = SessionBodySchema.extend({ file: UploadedFileSchema }).meta({ id: 'UploadLessonAttachmentBody' });

export const LessonAttachmentSchema = z
  .object({
    id: z.number().int(),
    lessonId: z.number().int(),
    fileName: z.string(),
    /** Detected from the file's bytes. */
    contentType: z.string(),
    sizeBytes: z.number().int(),
    position: z.number().int(),
    createdAt: z.string(),
    /** The API download (send the access token); pages link to `lessonAttachmentPagePath` instead. */
    downloadUrl: z.string(),
  })
  .meta({ id: 'LessonAttachment' });
export type LessonAttachment = z.infer<typeof LessonAttachmentSchema>;

