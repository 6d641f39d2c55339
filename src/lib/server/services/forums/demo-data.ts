/**
 * Demo forums and live sessions (issue 13): the active cohort's forum with a
 * pinned welcome thread by the tutor and a question by Valentina with an
 * answer, a reply and likes; the program's forum; and live sessions: one in
 * two days, one weekly tutoring live today from an hour ago to an hour from
 * now (so the join button works at once), and a past one with its recording.
 * Posts are marked mailed, so nobody is e-mailed demo content.
 */
import type { Tx } from '~/lib/server/db/client';
import { forumComments, forumLikes, forums, forumThreads, liveAttendance, liveSessions } from '~/lib/server/db/schema';
import { renderPost } from './render-post';

const HOUR_MS = 60 * 60 * 1000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR_MS);

interface People {
  activeCohortId: number;
  programId: number;
  tutor: number;
  student: number;
  valentina: number;
}

export async function seedDemoForums(tx: Tx, people: People): Promise<void> {
  const [cohortForum] = await tx
    .insert(forums)
    .values([
      { cohortId: people.activeCohortId, title: 'Foro de la cohorte 2026-1', description: 'Preguntas, dudas y avisos de la cohorte. Sé amable y concreto.', createdBy: people.tutor },
      { programId: people.programId, title: 'Comunidad Desarrollo web 2026', description: 'Un espacio para todas las cohortes del programa: comparte recursos y proyectos.', createdBy: people.tutor },
    ])
    .returning();
  const post = (markdown: string) => ({ bodyMd: markdown, bodyHtml: renderPost(markdown) });
  const [, question] = await tx
    .insert(forumThreads)
    .values([
      {
        forumId: cohortForum!.id,
        authorId: people.tutor,
        title: 'Bienvenida: cómo usar este foro',
        ...post('¡Hola a todos! Usen este foro para sus **dudas** de los cursos.\n\n- Busquen antes de preguntar.\n- Mencionen a alguien con `@`.\n- Den *me gusta* a las respuestas útiles.'),
        pinned: true,
        createdAt: at(-72),
        lastActivityAt: at(-72),
        mailedAt: at(-72),
      },
      {
        forumId: cohortForum!.id,
        authorId: people.valentina,
        title: '¿Cuándo usar un ciclo for y cuándo un while?',
        ...post('En la lección de ciclos no me quedó claro cuándo conviene cada uno. ¿Alguien tiene un ejemplo?'),
        commentCount: 2,
        likeCount: 1,
        createdAt: at(-20),
        lastActivityAt: at(-18),
        mailedAt: at(-20),
      },
    ])
    .returning();
  const [answer] = await tx
    .insert(forumComments)
    .values({
      threadId: question!.id,
      forumId: cohortForum!.id,
      authorId: people.tutor,
      ...post('Usa `for` cuando sabes cuántas veces repetir (recorrer una lista) y `while` cuando repites hasta que algo cambie (leer hasta que el usuario escriba "salir").'),
      likeCount: 2,
      createdAt: at(-19),
      mailedAt: at(-19),
    })
    .returning();
  await tx.insert(forumComments).values({
    threadId: question!.id,
    forumId: cohortForum!.id,
    parentId: answer!.id,
    authorId: people.valentina,
    ...post('¡Gracias! Ahora sí lo entiendo.'),
    createdAt: at(-18),
    mailedAt: at(-18),
  });
  await tx.insert(forumLikes).values([
    { targetType: 'thread', targetId: question!.id, userId: people.student, threadId: question!.id },
    { targetType: 'comment', targetId: answer!.id, userId: people.student, threadId: question!.id },
    { targetType: 'comment', targetId: answer!.id, userId: people.valentina, threadId: question!.id },
  ]);

  const [, , past] = await tx
    .insert(liveSessions)
    .values([
      {
        cohortId: people.activeCohortId,
        className: 'Tutoría en vivo: ciclos y funciones',
        description: 'Resolvemos dudas de la práctica de la calculadora de propinas.',
        videoLink: 'https://meet.example.co/senda-tutoria',
        durationS: 2 * 3600,
        // Hybrid (issue 32): in the room, its QR code checks students in; online, they join the call.
        kind: 'hybrid',
        place: 'Sede Centro, salón 204',
        startsAt: at(-1),
        endsAt: at(1),
        createdBy: people.tutor,
      },
      {
        cohortId: people.activeCohortId,
        className: 'Clase en vivo: HTML semántico',
        description: 'Encabezados, regiones y formularios accesibles.',
        videoLink: 'https://meet.example.co/senda-html',
        durationS: 90 * 60,
        startsAt: at(48),
        endsAt: at(49.5),
        createdBy: people.tutor,
      },
      {
        cohortId: people.activeCohortId,
        className: 'Clase en vivo: introducción a la programación',
        videoLink: 'https://meet.example.co/senda-intro',
        recordingUrl: 'https://video.example.co/senda-intro-grabacion',
        durationS: 3600,
        startsAt: at(-96),
        endsAt: at(-95),
        createdBy: people.tutor,
      },
    ])
    .returning();
  await tx.insert(liveAttendance).values({ sessionId: past!.id, userId: people.valentina, firstJoinedAt: at(-96), lastJoinedAt: at(-96) });
}
