import { z } from 'zod';
import { linkSchema, textSchema } from './common';

/**
 * The live-video form of the product contract (§3: class name, video link,
 * duration, start date, end date, whether it was a live video) with its §5
 * messages ('Ingrese un link válido', and the required url, duration,
 * minutes, seconds, start date and end date); messages are i18n keys.
 */
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

/** A link field: required with the url message, 'Ingrese un link válido' when it is not an http(s) link. */
export const videoLinkSchema = () =>
  textSchema(required('url'))
    .trim()
    .min(1, required('url'))
    .pipe(linkSchema());

/** The form's fields, unchecked as a whole (the live-session API extends them). */
export const liveVideoFields = {
  className: textSchema(required('name')).trim().min(1, required('name')).max(CLASS_NAME_MAX, 'validation.length.max'),
  description: textSchema().trim().max(DESCRIPTION_MAX, 'validation.length.max').default(''),
  videoLink: videoLinkSchema(),
  duration: z.object(
    {
      minutes: wholeNumber('minutes', MAX_MINUTES),
      seconds: wholeNumber('seconds', 59),
    },
    { message: required('duration') },
  ),
  startDate: date('startDate'),
  endDate: date('endDate'),
  wasLive: z.boolean({ message: 'validation.invalid_type' }),
};

/** The rules over the whole form: a duration above zero, and an end after the start. */
export const refineLiveVideo = <T extends z.ZodType<{ duration: { minutes: number; seconds: number }; startDate: string; endDate: string }>>(schema: T) =>
  schema
    .refine((v) => v.duration.minutes > 0 || v.duration.seconds > 0, { path: ['duration'], message: 'validation.required.duration' })
    .refine((v) => Date.parse(v.endDate) > Date.parse(v.startDate), { path: ['endDate'], message: 'validation.date.endBeforeStart' });

export const LiveVideoFormSchema = refineLiveVideo(z.object(liveVideoFields));
