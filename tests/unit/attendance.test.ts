/** Attendance's pure arithmetic (ADR 029): thresholds, figures, runs of absences, durations in the providers' formats. */
import { describe, expect, it } from 'vitest';
import { attendanceFiguresOf, consecutiveAbsencesOf, isLateArrival, plannedHoursOf, statusFromMinutes, DEFAULT_ATTENDANCE_SETTINGS } from '~/lib/shared/attendance';
import { minutesOfDuration } from '~/lib/server/services/attendance/parse-participant-report';
import { myAttendanceLineOf } from '~/lib/server/services/attendance/my-attendance';
import { getT } from '~/i18n';

describe('attendance arithmetic', () => {
  it('sets present, late or absent from minutes by the thresholds (80 % / 50 % by default)', () => {
    expect(statusFromMinutes(48, 60, DEFAULT_ATTENDANCE_SETTINGS)).toBe('present');
    expect(statusFromMinutes(47, 60, DEFAULT_ATTENDANCE_SETTINGS)).toBe('late');
    expect(statusFromMinutes(30, 60, DEFAULT_ATTENDANCE_SETTINGS)).toBe('late');
    expect(statusFromMinutes(29, 60, DEFAULT_ATTENDANCE_SETTINGS)).toBe('absent');
    expect(statusFromMinutes(0, 60, { presentPercent: 80, latePercent: 0 })).toBe('absent');
  });

  it('is late only after the threshold', () => {
    const start = new Date('2030-03-02T14:00:00Z');
    expect(isLateArrival(start, new Date('2030-03-02T14:10:00Z'), { lateAfterMinutes: 10 })).toBe(false);
    expect(isLateArrival(start, new Date('2030-03-02T14:10:01Z'), { lateAfterMinutes: 10 })).toBe(true);
  });

  it('counts hours planned, else the scheduled length', () => {
    expect(plannedHoursOf({ plannedHours: 3, startsAt: new Date(0), endsAt: new Date(3_600_000) })).toBe(3);
    expect(plannedHoursOf({ plannedHours: null, startsAt: new Date(0), endsAt: new Date(5_400_000) })).toBe(1.5);
  });

  it('leaves excused sessions out of the % and counts no hours for them', () => {
    const held = [
      { status: 'present', hours: 2 },
      { status: 'late', hours: 2 },
      { status: 'excused', hours: 2 },
      { status: null, hours: 2 },
      { status: 'absent', hours: 2 },
    ] as const;
    expect(attendanceFiguresOf(held)).toEqual({ sessions: 5, attended: 2, excused: 1, absent: 2, percent: 50, plannedHours: 10, attendedHours: 4 });
    expect(attendanceFiguresOf([]).percent).toBe(100);
    expect(attendanceFiguresOf([{ status: 'excused', hours: 1 }]).percent).toBe(100);
  });

  it('counts the run of absences back from the latest session, skipping excused ones', () => {
    expect(consecutiveAbsencesOf(['present', 'absent', null, 'absent'])).toBe(3);
    expect(consecutiveAbsencesOf(['absent', 'excused', 'absent'])).toBe(2);
    expect(consecutiveAbsencesOf(['absent', 'late'])).toBe(0);
    expect(consecutiveAbsencesOf([])).toBe(0);
  });

  it('reads the providers’ durations', () => {
    expect(minutesOfDuration('62')).toBe(62);
    expect(minutesOfDuration('1 hr 5 min')).toBe(65);
    expect(minutesOfDuration('45 min')).toBe(45);
    expect(minutesOfDuration('1h 2m 3s')).toBe(62);
    expect(minutesOfDuration('58m 30s')).toBe(59);
    expect(minutesOfDuration('1:02:30')).toBe(63);
    expect(minutesOfDuration('')).toBeNull();
    expect(minutesOfDuration('mucho')).toBeNull();
  });
});

describe("the student's attendance line", () => {
  const figures = (sessions: number, attended: number, plannedHours: number, attendedHours: number) => ({ sessions, attended, excused: 0, absent: sessions - attended, percent: 0, plannedHours, attendedHours });

  it('puts sessions and hours each in their own plural, in Spanish and English', () => {
    expect(myAttendanceLineOf(getT('es'), figures(1, 1, 1, 1))).toBe('Asististe a 1 de 1 sesión, 1 de 1 hora');
    expect(myAttendanceLineOf(getT('es'), figures(16, 14, 32, 28))).toBe('Asististe a 14 de 16 sesiones, 28 de 32 horas');
    expect(myAttendanceLineOf(getT('es'), figures(1, 1, 1.5, 1.5))).toBe('Asististe a 1 de 1 sesión, 1,5 de 1,5 horas');
    expect(myAttendanceLineOf(getT('en'), figures(1, 0, 1, 0))).toBe('You attended 0 of 1 session, 0 of 1 hour');
    expect(myAttendanceLineOf(getT('en'), figures(3, 2, 6, 4))).toBe('You attended 2 of 3 sessions, 4 of 6 hours');
  });
});
