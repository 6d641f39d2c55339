import { z } from 'zod';
import { IdSchema, SessionBodySchema, textSchema } from './common';

const TITLE_MAX = 200;
const BODY_MAX = 20_000;

export const NewsParamsSchema = z.object({ id: IdSchema });
/** `?cohort=` of the news list (the endpoint adds `?page=`). */
export const NewsQuerySchema = z.object({ cohort: IdSchema });

export const NewsSchema = z
  .object({
    id: z.number().int(),
    cohortId: z.number().int(),
    title: z.string(),
    body: z.string(),
    publishedAt: z.string().meta({ format: 'date-time' }),
    authorId: z.number().int().nullable(),
  })
  .meta({ id: 'News' });
export type News = z.infer<typeof NewsSchema>;

const NewsTitleSchema = textSchema('validation.required.title').trim().min(1, 'validation.required.title').max(TITLE_MAX, 'validation.length.max');
const NewsBodySchema = textSchema().max(BODY_MAX, 'validation.length.max');

export const CreateNewsBodySchema = SessionBodySchema.extend({
  cohort: IdSchema,
  title: NewsTitleSchema,
  body: NewsBodySchema.default(''),
}).meta({ id: 'CreateNewsBody' });
export type CreateNewsBody = z.infer<typeof CreateNewsBodySchema>;

export const UpdateNewsBodySchema = SessionBodySchema.extend({
  title: NewsTitleSchema.optional(),
  body: NewsBodySchema.optional(),
}).meta({ id: 'UpdateNewsBody' });
export type UpdateNewsBody = z.infer<typeof UpdateNewsBodySchema>;
