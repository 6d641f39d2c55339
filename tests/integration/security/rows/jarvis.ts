/**
 * Matrix rows for the study assistant's data part: a student's feedback
 * (the student, their cohort's staff and platform admins; anyone else 404)
 * and the lessons authors link to a bank question (staff of its course; the
 * course's student 403, the other cohort's 404).
 */
import { expect } from 'vitest';
import { GET as jarvisRoute } from '~/pages/api/v2/jarvis/index';
import * as questionLessonsRoute from '~/pages/api/v2/questions/[id]/lessons';
import { createLesson } from '../../../factories';
import { createSixTypeQuiz } from '../../../factories/quizzes';
import { authed, type Expected, type Row, type World } from '../matrix-types';

/** Staff of the course: cohort A's tutor and cohort admin, platform admins; A's student 403, B's 404. */
const staff = (status: number): Expected => ({ outsider: 401, student: 403, otherStudent: 404, tutor: status, admin: status });

const questionOfA = async (world: World) => (await createSixTypeQuiz(world.courseA.id)).questions[0]!.id;
const lessonsPath = (questionId: number) => ({ path: `/api/v2/questions/${questionId}/lessons/`, params: { id: String(questionId) } });

export const ROWS: Row[] = [
  {
    method: 'GET',
    path: '/api/v2/jarvis/',
    handler: jarvisRoute,
    request: (world, s) => ({ path: `/api/v2/jarvis/?user_id=${world.student.id}`, ...authed(s) }),
    expected: { outsider: 401, student: 200, otherStudent: 404, tutor: 200, admin: 200 },
    check: (_, json: { userId: number; source: string; courses: { courseId: number }[] }, world) => {
      expect(json).toMatchObject({ userId: world.student.id, source: 'offline' });
      expect(json.courses.map((course) => course.courseId)).toEqual([world.courseA.id]);
      expect(JSON.stringify(json)).not.toContain(world.courseB.name);
    },
  },
  {
    method: 'GET',
    path: "/api/v2/jarvis/ (about cohort B's student)",
    handler: jarvisRoute,
    request: (world, s) => ({ path: `/api/v2/jarvis/?user_id=${world.otherStudent.id}`, ...authed(s) }),
    expected: { outsider: 401, student: 404, otherStudent: 200, tutor: 404, admin: 200 },
    check: (_, json: { userId: number; courses: { courseId: number }[] }, world) => {
      expect(json.userId).toBe(world.otherStudent.id);
      expect(json.courses.map((course) => course.courseId)).toEqual([world.courseB.id]);
    },
  },
  {
    method: 'GET',
    path: '/api/v2/questions/{id}/lessons/',
    handler: questionLessonsRoute.GET,
    request: async (world, s) => ({ ...lessonsPath(await questionOfA(world)), ...authed(s) }),
    expected: staff(200),
    check: (_, json: { lessons: unknown[] }) => expect(json.lessons).toEqual([]),
  },
  {
    method: 'PUT',
    path: '/api/v2/questions/{id}/lessons/',
    handler: questionLessonsRoute.PUT,
    request: async (world, s) => {
      const lesson = await createLesson({ courseId: world.courseA.id, title: 'Lección enlazada' });
      return { ...lessonsPath(await questionOfA(world)), body: { lessonIds: [lesson.id] }, ...authed(s) };
    },
    expected: staff(200),
    check: (_, json: { lessons: { title: string }[] }) => expect(json.lessons.map((lesson) => lesson.title)).toEqual(['Lección enlazada']),
  },
];
