/**
 * Reads the participant reports Google Meet, Zoom and Microsoft Teams export
 * (CSV: Meet's attendance report, Zoom's "Meeting participants" usage
 * report with its meeting header above, Teams' attendance report in
 * UTF-16 with tabs and its Summary / Participants / Activities sections):
 * each participant's name, e-mail and minutes, a person who rejoined summed
 * into one row. The provider is told by the participants' header row.
 */
import { parse } from 'csv-parse/sync';
import { AppError } from '~/lib/shared/errors';
import type { ParticipantReportProvider } from '~/lib/shared/schemas/attendance';
import { decodeText } from '~/lib/server/spreadsheets/read-sheet-rows';

export interface Participant {
  name: string;
  /** Lower-cased; null when the report has none for them (a guest, a phone caller). */
  email: string | null;
  minutes: number;
}

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

/** The delimiter a line uses: tab (Teams), `;` (a Spanish-locale re-save) or `,`. */
function delimiterOf(text: string): string {
  const firstLines = text.split(/\r?\n/).slice(0, 20).join('\n');
  const count = (char: string) => firstLines.split(char).length - 1;
  if (count('\t') > count(',')) return '\t';
  return count(';') > count(',') ? ';' : ',';
}

/**
 * A duration as minutes, rounded: `62` (Zoom), `1 hr 5 min` / `45 min`
 * (Meet), `1h 2m 3s` / `58m 10s` (Teams), or `h:mm:ss`.
 */
export function minutesOfDuration(text: string): number | null {
  const value = normalise(text);
  if (value === '') return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value));
  const clock = /^(\d+):(\d{1,2})(?::(\d{1,2}))?$/.exec(value);
  if (clock) return Math.round(Number(clock[1]) * 60 + Number(clock[2]) + Number(clock[3] ?? 0) / 60);
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)\s*(h|hr|hrs|hora|horas|hour|hours|m|min|mins|minute|minutes|minuto|minutos|s|sec|secs|seg|second|seconds|segundos)\b/g)];
  if (parts.length === 0) return null;
  let minutes = 0;
  for (const [, amount, unit] of parts) {
    const n = Number(amount);
    if (unit!.startsWith('h')) minutes += n * 60;
    else if (unit!.startsWith('s')) minutes += n / 60;
    else minutes += n;
  }
  return Math.round(minutes);
}

interface Columns {
  provider: ParticipantReportProvider;
  name: number[];
  email: number;
  duration: number;
}

/** The columns of a participants header row, and whose export it is; null when the row is no such header. */
function columnsOf(cells: readonly string[]): Columns | null {
  const headers = cells.map(normalise);
  const find = (...candidates: string[]) => headers.findIndex((header) => candidates.includes(header));
  const zoomDuration = find('duration (minutes)', 'total duration (minutes)', 'duracion (minutos)', 'duracion total (minutos)');
  const zoomEmail = find('user email', 'email', 'correo electronico del usuario', 'correo electronico');
  if (zoomDuration >= 0 && zoomEmail >= 0 && find('participants', 'participantes') < 0) {
    return { provider: 'zoom', name: [find('name (original name)', 'name', 'nombre (nombre original)', 'nombre')], email: zoomEmail, duration: zoomDuration };
  }
  const teamsDuration = find('in-meeting duration', 'duration', 'duracion en la reunion');
  const teamsEmail = find('email', 'correo electronico');
  if (teamsDuration >= 0 && teamsEmail >= 0 && headers.includes('first join')) {
    return { provider: 'teams', name: [find('name', 'full name', 'nombre')], email: teamsEmail, duration: teamsDuration };
  }
  const meetDuration = find('duration', 'duracion');
  const meetEmail = find('email', 'correo electronico', 'correo');
  if (meetDuration >= 0 && meetEmail >= 0) {
    const first = find('first name', 'nombre');
    const last = find('last name', 'apellido', 'apellidos');
    const full = find('full name', 'name', 'participant', 'nombre completo');
    return { provider: 'meet', name: first >= 0 ? [first, last].filter((index) => index >= 0) : [full], email: meetEmail, duration: meetDuration };
  }
  return null;
}

/** A section title of Teams' report ("2. Participants"), or a blank line: the participants end there. */
const endsSection = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '') || (cells.length === 1 && /^\d+\.\s/.test(cells[0]!.trim()));

/**
 * The participants of a report, one row per person (by e-mail, else by
 * name) with their minutes summed; 400 `participant_report_unreadable`
 * when no participants header is found.
 */
export function parseParticipantReport(data: Uint8Array, expected?: ParticipantReportProvider): { provider: ParticipantReportProvider; participants: Participant[] } {
  const text = decodeText(data);
  if (text === null || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) throw new AppError('participant_report_unreadable');
  let records: string[][];
  try {
    records = parse(text, { delimiter: delimiterOf(text), relax_quotes: true, relax_column_count: true, skip_empty_lines: false, bom: true }) as string[][];
  } catch {
    throw new AppError('participant_report_unreadable');
  }
  const headerAt = records.findIndex((cells) => {
    const columns = columnsOf(cells);
    return columns !== null && (expected === undefined || columns.provider === expected);
  });
  if (headerAt < 0) throw new AppError('participant_report_unreadable');
  const columns = columnsOf(records[headerAt]!)!;
  const byPerson = new Map<string, Participant>();
  for (const cells of records.slice(headerAt + 1)) {
    if (endsSection(cells)) {
      if (byPerson.size > 0) break;
      continue;
    }
    const minutes = minutesOfDuration(cells[columns.duration] ?? '');
    if (minutes === null) continue;
    const email = normalise(cells[columns.email] ?? '') || null;
    const name = columns.name
      .map((index) => (index >= 0 ? (cells[index] ?? '').trim() : ''))
      .filter(Boolean)
      .join(' ')
      // Zoom writes a renamed person as "New name (Original name)".
      .trim();
    const key = email ?? `name:${normalise(name)}`;
    const found = byPerson.get(key);
    if (found) found.minutes += minutes;
    else byPerson.set(key, { name, email: email && email.includes('@') ? email : null, minutes });
  }
  return { provider: columns.provider, participants: [...byPerson.values()] };
}
