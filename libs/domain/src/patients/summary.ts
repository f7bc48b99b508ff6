import { GENDER_LABELS } from './constants';
import { splitTasks, wardLabel } from './rules';
import type { PatientCard } from './schemas';

/** `dd/mm/yyyy HH:mm` of an instant as read in `timeZone` (spec 02 §9's format). */
export function formatDateTimeIn(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

/** `yyyy-mm-dd` (a date of birth, no zone) as `dd/mm/yyyy`. */
const formatIsoDate = (date: string) => date.split('-').reverse().join('/');

/**
 * The readable summary of a card mailed by POST /cards/{id}/export-to-email (issue 18): patient,
 * location, assignees, notes and tasks, every time in the reader's time zone (the `timezone` the
 * client sends), the zone named once so nobody misreads it.
 */
export function formatCardSummary(
  card: PatientCard,
  opts: { timeZone: string; nameOf: (userId: number) => string | undefined },
): string {
  const p = card.patient;
  const at = (iso: string) => formatDateTimeIn(iso, opts.timeZone);
  const lines: string[] = [`Patient card: ${card.title}`];
  if (card.subtitle) lines.push(card.subtitle);
  lines.push('');
  if (p) {
    const name = `${p.first_name} ${p.last_name}`.trim();
    if (name) lines.push(`Patient: ${name}`);
    if (p.dob) lines.push(`Date of birth: ${formatIsoDate(p.dob)}`);
    lines.push(`Gender: ${GENDER_LABELS[p.gender]}`);
    if (p.patient_identificator) lines.push(`Identifier: ${p.patient_identificator}`);
    lines.push(`Ward: ${wardLabel(p.ward)}${p.bed ? `, bed ${p.bed}` : ''}`);
  }
  const assignees = [
    ...card.users.map((u) => `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim()),
    ...card.teams.map((t) => t.name ?? ''),
  ].filter(Boolean);
  if (assignees.length > 0) lines.push(`Assigned to: ${assignees.join(', ')}`);
  if (p?.overview) lines.push('', 'Notes:', p.overview);
  const { open, completed } = splitTasks(card.tasks);
  if (open.length > 0) lines.push('', 'Tasks:', ...open.map((t) => `- [ ] ${t.title}`));
  if (completed.length > 0) {
    lines.push(
      '',
      'Completed tasks:',
      ...completed.map((t) => {
        const who = t.completed_by_id == null ? undefined : opts.nameOf(t.completed_by_id);
        const when = t.completed_at ? ` on ${at(t.completed_at)}` : '';
        return `- [x] ${t.title}${who ? ` (${who}${when})` : when}`;
      }),
    );
  }
  lines.push(
    '',
    `Created ${at(card.created_at)}, last changed ${at(card.modified_at)} (times in ${opts.timeZone}).`,
  );
  return lines.join('\n');
}
