/**
 * Writes questions into a course's bank. A new question gets version 1; a
 * question whose content changed gets a new version (never an edit in
 * place), so every attempt keeps the exact version it saw and is scored on
 * it; a question whose content did not change is left alone.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError, type FieldErrors } from '~/lib/shared/errors';
import { isChoiceType } from '~/lib/shared/quizzes';
import type { QuestionInput } from '~/lib/shared/schemas/quizzes';
import type { Tx } from '~/lib/server/db/client';
import { bankQuestions, questionOptions, questionVersions } from '~/lib/server/db/schema';

type VersionRow = typeof questionVersions.$inferSelect;
type OptionRow = typeof questionOptions.$inferSelect;

/** A question's content as versions compare it: only the fields its type uses. */
function contentOf(input: Pick<QuestionInput, 'type' | 'prompt' | 'points' | 'options' | 'answers' | 'answer' | 'tolerance' | 'feedback'>) {
  return {
    type: input.type,
    prompt: input.prompt,
    points: input.points,
    options: isChoiceType(input.type) ? (input.options ?? []).map((option) => ({ text: option.text, correct: option.correct })) : [],
    answers: input.type === 'short_text' ? (input.answers ?? []) : [],
    answer: input.type === 'numeric' ? (input.answer ?? null) : null,
    tolerance: input.type === 'numeric' ? (input.tolerance ?? 0) : 0,
    feedback: input.feedback ? input.feedback : null,
  };
}
type Content = ReturnType<typeof contentOf>;

function storedContentOf(version: VersionRow, options: OptionRow[]): Content {
  return {
    type: version.type,
    prompt: version.prompt,
    points: version.points,
    options: options.map((option) => ({ text: option.text, correct: option.isCorrect })),
    answers: version.answers,
    answer: version.answer,
    tolerance: version.tolerance,
    feedback: version.feedback,
  };
}

const sameContent = (a: Content, b: Content) => JSON.stringify(a) === JSON.stringify(b);

async function insertVersion(tx: Tx, questionId: number, version: number, content: Content): Promise<number> {
  const [row] = await tx
    .insert(questionVersions)
    .values({
      questionId,
      version,
      type: content.type,
      prompt: content.prompt,
      points: content.points,
      answers: content.answers,
      answer: content.answer,
      tolerance: content.tolerance,
      feedback: content.feedback,
    })
    .returning({ id: questionVersions.id });
  if (content.options.length > 0) {
    await tx.insert(questionOptions).values(content.options.map((option, position) => ({ versionId: row!.id, position, text: option.text, isCorrect: option.correct })));
  }
  await tx.update(bankQuestions).set({ currentVersionId: row!.id, updatedAt: new Date() }).where(eq(bankQuestions.id, questionId));
  return row!.id;
}

/**
 * Writes each question into the course's bank (new ones created, changed ones
 * versioned) and answers their bank ids in order. An id that is not a
 * question of this course → 400 naming `<fieldPrefix>.<index>.id`.
 */
export async function writeQuestions(tx: Tx, courseId: number, inputs: readonly QuestionInput[], fieldPrefix = 'questions'): Promise<number[]> {
  const existingIds = [...new Set(inputs.flatMap((input) => (input.id ? [input.id] : [])))];
  const existing = existingIds.length
    ? await tx
        .select({ id: bankQuestions.id, tags: bankQuestions.tags, currentVersionId: bankQuestions.currentVersionId })
        .from(bankQuestions)
        .where(and(inArray(bankQuestions.id, existingIds), eq(bankQuestions.courseId, courseId)))
    : [];
  const byId = new Map(existing.map((row) => [row.id, row]));
  const fields: FieldErrors = {};
  inputs.forEach((input, index) => {
    if (input.id && !byId.has(input.id)) fields[`${fieldPrefix}.${index}.id`] = 'validation.quiz.unknownQuestion';
  });
  if (Object.keys(fields).length > 0) throw new AppError('validation_failed', { fields });

  const versionIds = existing.flatMap((row) => (row.currentVersionId !== null ? [row.currentVersionId] : []));
  const versions = versionIds.length ? await tx.select().from(questionVersions).where(inArray(questionVersions.id, versionIds)) : [];
  const options = versionIds.length
    ? await tx.select().from(questionOptions).where(inArray(questionOptions.versionId, versionIds)).orderBy(asc(questionOptions.position), asc(questionOptions.id))
    : [];
  const versionById = new Map(versions.map((row) => [row.id, row]));

  const ids: number[] = [];
  for (const input of inputs) {
    const content = contentOf(input);
    const known = input.id ? byId.get(input.id) : undefined;
    if (!known) {
      const [created] = await tx.insert(bankQuestions).values({ courseId, tags: input.tags ?? [] }).returning({ id: bankQuestions.id });
      await insertVersion(tx, created!.id, 1, content);
      ids.push(created!.id);
      continue;
    }
    if (input.tags && JSON.stringify(input.tags) !== JSON.stringify(known.tags)) {
      await tx.update(bankQuestions).set({ tags: input.tags, updatedAt: new Date() }).where(eq(bankQuestions.id, known.id));
    }
    const current = known.currentVersionId !== null ? versionById.get(known.currentVersionId) : undefined;
    const unchanged = current && sameContent(storedContentOf(current, options.filter((option) => option.versionId === current.id)), content);
    if (!unchanged) {
      const [{ next }] = (await tx
        .select({ next: sql<number>`coalesce(max(${questionVersions.version}), 0)::int + 1` })
        .from(questionVersions)
        .where(eq(questionVersions.questionId, known.id))) as [{ next: number }];
      await insertVersion(tx, known.id, next, content);
    }
    ids.push(known.id);
  }
  return ids;
}
