import { z } from 'zod';
import { linkSchema, textSchema } from './common';

/** The live-video form of the product contract (§3, §5); messages are i18n keys. */
const required = (field: string) => `validation.required.${field}`;
const CLASS_NAME_MAX = 120;
const DESCRIPTION_MAX = 2000;
const MAX_MINUTES = 600;

const wholeNumber = (field: string, max: number) =>
  z
    .union([z.string(), z.number()], { message: required(field) })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, required(field)).regex(/^\d+$/, 'validation.numeric'))
    .transform(Number)
    .pipe(z.number().max(max, 'validation.number.max'));

const date = (field: string) =>
  textSchema(required(field))
    .min(1, required(field))
    .refine((v) => !Number.isNaN(Date.parse(v)), 'validation.date.invalid');

export const LiveVideoFormSchema = z
  .object({
    className: textSchema(required('name')).trim().min(1, required('name')).max(CLASS_NAME_MAX, 'validation.length.max'),
    description: textSchema(required('description')).trim().min(1, required('description')).max(DESCRIPTION_MAX, 'validation.length.max'),
    videoLink: textSchema(required('url'))
      .trim()
      .min(1, required('url'))
      .pipe(linkSchema()),
    duration: z.object({
      minutes: wholeNumber('minutes', MAX_MINUTES),
      seconds: wholeNumber('seconds', 59),
    }),
    startDate: date('startDate'),
    endDate: date('endDate'),
    wasLive: z.boolean(),
  })
  .refine((v) => v.duration.minutes > 0 || v.duration.seconds > 0, { path: ['duration'], message: 'validation.required.duration' })
  .refine((v) => Date.parse(v.endDate) >= Date.parse(v.startDate), { path: ['endDate'], message: 'validation.date.endBeforeStart' });
/** @public The next issues' forms (people, live sessions) use it. */
export type LiveVideoForm = z.infer<typeof LiveVideoFormSchema>;
