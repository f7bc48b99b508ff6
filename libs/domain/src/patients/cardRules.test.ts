import { describe, expect, it } from 'vitest';
import {
  cardAccess,
  cardEditableFor,
  cardShareRefusal,
  patientAccess,
  type CardRelation,
} from './access';
import { normalizePatientIdentifier, patientIdentifierKey } from './identifier';
import { CardExportQuerySchema, PatientCardUpdateSchema, TaskPayloadSchema } from './schemas';
import { formatCardSummary, formatDateTimeIn } from './summary';
import { cardFieldsConflict, mergeCardTasks, type StoredTask } from './taskMerge';

const none: CardRelation = {
  creator: false,
  assignee: false,
  assignedTeamMember: false,
  sharedWith: false,
};

describe('who sees a patient card (issue 18)', () => {
  it('its creator, its assignees and members of assigned teams see and edit it', () => {
    expect(cardAccess({ ...none, creator: true })).toBe('edit');
    expect(cardAccess({ ...none, assignee: true })).toBe('edit');
    expect(cardAccess({ ...none, assignedTeamMember: true })).toBe('edit');
    expect(cardAccess({ ...none, assignee: true, sharedWith: true })).toBe('edit');
  });

  it('a card reached only through a share comes back editable: false', () => {
    expect(cardAccess({ ...none, sharedWith: true })).toBe('read');
    expect(cardEditableFor('read')).toBe(false);
    expect(cardEditableFor('edit')).toBe(true);
  });

  it('strangers (and people removed from the assigned team) do not see it at all', () => {
    expect(cardAccess(none)).toBe('none');
  });

  it('a patient is seen through any of their cards, edited through any editable one', () => {
    expect(patientAccess([])).toBe('none');
    expect(patientAccess(['none', 'read'])).toBe('read');
    expect(patientAccess(['read', 'edit', 'none'])).toBe('edit');
  });

  it("patients cannot be shared into forums: 'You cannot share patient within a forum'", () => {
    expect(cardShareRefusal({ kind: 'team', member: true, forum: true })).toBe('forum');
    expect(cardShareRefusal({ kind: 'team', member: true, forum: false })).toBeNull();
    expect(cardShareRefusal({ kind: 'team', member: false, forum: true })).toBe('target-not-found');
    expect(cardShareRefusal({ kind: 'user', reachable: false })).toBe('target-not-found');
    expect(cardShareRefusal({ kind: 'advice', participant: true, closed: false })).toBeNull();
  });

  it('a closed advice conversation takes no card (issue 35: read-only), a hidden one looks missing', () => {
    expect(cardShareRefusal({ kind: 'advice', participant: true, closed: true })).toBe(
      'advice-closed',
    );
    expect(cardShareRefusal({ kind: 'advice', participant: false, closed: true })).toBe(
      'target-not-found',
    );
  });
});

const T0 = '2026-01-10T09:00:00.000Z';
const BASE = '2026-01-10T10:00:00.000Z';
const LATER = '2026-01-10T10:05:00.000Z';
const now = new Date('2026-01-10T11:00:00.000Z');

function stored(id: number, title: string, extra: Partial<StoredTask> = {}): StoredTask {
  return {
    id,
    title,
    completed: false,
    completed_at: null,
    completed_by_id: null,
    order: id,
    created_at: T0,
    modified_at: T0,
    ...extra,
  };
}

describe('task saves through the card PUT (spec 01 §4, §5, §7)', () => {
  it('tasks with an empty title are dropped when saving the card; an emptied saved task is removed', () => {
    const plan = mergeCardTasks({
      stored: [stored(1, 'Bloods')],
      incoming: [
        { id: 1, title: '  ', completed: false, order: 0 },
        { title: '', completed: false, order: 1 },
        { title: ' ECG ', completed: false, order: 2 },
      ],
      base: null,
      callerId: 7,
      now,
    });
    expect(plan.delete).toEqual([1]);
    expect(plan.create).toEqual([
      { title: 'ECG', order: 2, completed: false, completed_at: null, completed_by_id: null },
    ]);
  });

  it('completing sets completed_by_id to the caller (whatever the client sent); un-completing clears it', () => {
    const done = mergeCardTasks({
      stored: [stored(1, 'Bloods')],
      incoming: [{ id: 1, title: 'Bloods', completed: true, completed_by_id: 99, order: 1 }],
      base: null,
      callerId: 7,
      now,
    });
    expect(done.update).toEqual([
      {
        id: 1,
        title: 'Bloods',
        order: 1,
        completed: true,
        completed_at: now.toISOString(),
        completed_by_id: 7,
      },
    ]);
    expect(done.completedNow).toBe(1);
    const undone = mergeCardTasks({
      stored: [stored(1, 'Bloods', { completed: true, completed_at: T0, completed_by_id: 3 })],
      incoming: [{ id: 1, title: 'Bloods', completed: false, completed_by_id: 3, order: 1 }],
      base: null,
      callerId: 7,
      now,
    });
    expect(undone.update[0]).toMatchObject({
      completed: false,
      completed_by_id: null,
      completed_at: null,
    });
    expect(undone.completedNow).toBe(0);
  });

  it('a task already completed keeps who completed it and when', () => {
    const plan = mergeCardTasks({
      stored: [stored(1, 'Bloods', { completed: true, completed_at: T0, completed_by_id: 3 })],
      incoming: [{ id: 1, title: 'Bloods (2 tubes)', completed: true, order: 1 }],
      base: null,
      callerId: 7,
      now,
    });
    expect(plan.update[0]).toMatchObject({ completed_by_id: 3, completed_at: T0 });
    expect(plan.completedNow).toBe(0);
  });

  it('order sent is kept, saved ids are kept, ids of other cards are never touched', () => {
    const plan = mergeCardTasks({
      stored: [stored(1, 'A', { order: 0 }), stored(2, 'B', { order: 1 })],
      incoming: [
        { id: 2, title: 'B', completed: false, order: 0 },
        { id: 1, title: 'A', completed: false, order: 1 },
        { id: 555, title: 'Not on this card', completed: false, order: 2 },
      ],
      base: null,
      callerId: 7,
      now,
    });
    expect(plan.update.map((t) => [t.id, t.order])).toEqual([
      [2, 0],
      [1, 1],
    ]);
    expect(plan.create).toEqual([]);
    expect(plan.delete).toEqual([]);
  });

  it('a stale save keeps the tasks another editor added and the ticks they made meanwhile', () => {
    // Bob loaded the card at BASE; Alice then added task 3 and ticked task 2 (at LATER).
    const now_stored = [
      stored(1, 'Bloods'),
      stored(2, 'ECG', {
        completed: true,
        completed_by_id: 4,
        completed_at: LATER,
        modified_at: LATER,
      }),
      stored(3, 'Chase echo', { created_at: LATER, modified_at: LATER }),
    ];
    const plan = mergeCardTasks({
      stored: now_stored,
      // Bob renames task 1, still sees task 2 open, adds his own task.
      incoming: [
        { id: 1, title: 'Bloods x2', completed: false, order: 1 },
        { id: 2, title: 'ECG', completed: false, order: 2 },
        { title: 'Call GP', completed: false, order: 3 },
      ],
      base: BASE,
      callerId: 5,
      now,
    });
    expect(plan.update).toEqual([
      {
        id: 1,
        title: 'Bloods x2',
        order: 1,
        completed: false,
        completed_at: null,
        completed_by_id: null,
      },
    ]);
    expect(plan.create.map((t) => t.title)).toEqual(['Call GP']);
    expect(plan.delete).toEqual([]);
    // Bob's list says ECG is open because Alice ticked it after he loaded: her tick stays.
    expect(plan.conflicts).toEqual([]);
  });

  it('renaming, reordering or removing a task someone else changed since the base is a conflict (issue 35)', () => {
    const stored2 = [
      stored(1, 'Bloods'),
      stored(2, 'ECG', { title: 'ECG x2', modified_at: LATER, modified_by_id: 4 }),
    ];
    const save = (incoming: Parameters<typeof mergeCardTasks>[0]['incoming']) =>
      mergeCardTasks({ stored: stored2, incoming, base: BASE, callerId: 5, now }).conflicts;
    expect(
      save([
        { id: 1, title: 'Bloods', completed: false, order: 1 },
        { id: 2, title: 'ECG urgent', completed: false, order: 2 },
      ]),
    ).toEqual([2]);
    expect(
      save([
        { id: 1, title: 'Bloods', completed: false, order: 1 },
        { id: 2, title: 'ECG x2', completed: false, order: 0 },
      ]),
    ).toEqual([2]);
    expect(save([{ id: 1, title: 'Bloods', completed: false, order: 1 }])).toEqual([2]);
  });

  it('removing a task someone else changed since the base is a conflict; one added since is kept', () => {
    const plan = mergeCardTasks({
      stored: [
        stored(1, 'Bloods', { modified_at: LATER, modified_by_id: 4 }),
        stored(2, 'Chase echo', { created_at: LATER, modified_at: LATER, modified_by_id: 4 }),
      ],
      incoming: [],
      base: BASE,
      callerId: 5,
      now,
    });
    expect(plan.conflicts).toEqual([1]);
    expect(plan.delete).toEqual([]);
  });

  it('a title or subtitle set on a stale copy is a conflict; the same value or no base is not', () => {
    const card = { title: 'Bay 2', subtitle: 'Mr A', modified_at: LATER };
    expect(cardFieldsConflict(card, { title: 'Bay 3' }, BASE)).toBe(true);
    expect(cardFieldsConflict(card, { subtitle: 'Mr B' }, BASE)).toBe(true);
    expect(cardFieldsConflict(card, { title: 'Bay 2', subtitle: 'Mr A' }, BASE)).toBe(false);
    expect(cardFieldsConflict(card, { title: 'Bay 3' }, null)).toBe(false);
    expect(cardFieldsConflict(card, { title: 'Bay 3' }, LATER)).toBe(false);
  });

  it("the editor's own change since the base (a second tick before the first came back) does not block the next", () => {
    const plan = mergeCardTasks({
      stored: [
        stored(1, 'Bloods', {
          completed: true,
          completed_by_id: 5,
          completed_at: LATER,
          modified_at: LATER,
          modified_by_id: 5,
        }),
      ],
      incoming: [{ id: 1, title: 'Bloods', completed: false, order: 1 }],
      base: BASE,
      callerId: 5,
      now,
    });
    expect(plan.update).toMatchObject([{ id: 1, completed: false, completed_by_id: null }]);
  });

  it('with a base, a task the editor saw and left out is removed', () => {
    const plan = mergeCardTasks({
      stored: [stored(1, 'Bloods'), stored(2, 'ECG')],
      incoming: [{ id: 2, title: 'ECG', completed: false, order: 2 }],
      base: BASE,
      callerId: 5,
      now,
    });
    expect(plan.delete).toEqual([1]);
  });

  it('the wire accepts an empty title (dropped by the save) and refuses a bad base date, naming it', () => {
    expect(TaskPayloadSchema.parse({ title: ' ', completed: false, order: 0 }).title).toBe('');
    expect(
      PatientCardUpdateSchema.safeParse({ modified_at: 'yesterday' }).error?.issues[0]?.path,
    ).toEqual(['modified_at']);
  });
});

describe('patient identifiers are unique per organisation', () => {
  it('blank means none; spaces are tidied', () => {
    expect(normalizePatientIdentifier('   ')).toBeNull();
    expect(normalizePatientIdentifier(null)).toBeNull();
    expect(normalizePatientIdentifier(' 943  476 5919 ')).toBe('943 476 5919');
    expect(patientIdentifierKey('943 476 5919')).toBe(patientIdentifierKey('9434765919'));
  });
});

describe('export to email', () => {
  it('takes an IANA time zone and refuses anything else, naming timezone', () => {
    expect(CardExportQuerySchema.parse({ timezone: 'Europe/London' }).timezone).toBe(
      'Europe/London',
    );
    expect(
      CardExportQuerySchema.safeParse({ timezone: 'Mars/Olympus' }).error?.issues[0]?.path,
    ).toEqual(['timezone']);
  });
});

describe('the card summary mailed by export-to-email', () => {
  it('shows times in the time zone the client sent', () => {
    expect(formatDateTimeIn('2026-07-01T23:30:00.000Z', 'Europe/London')).toBe('02/07/2026 00:30');
    expect(formatDateTimeIn('2026-07-01T23:30:00.000Z', 'America/New_York')).toBe(
      '01/07/2026 19:30',
    );
    const text = formatCardSummary(
      {
        id: 1,
        title: 'John Jones',
        subtitle: 'Bed 3',
        patient: {
          id: 1,
          first_name: 'John',
          last_name: 'Jones',
          dob: '1950-04-02',
          gender: 'MALE',
          ward: { id: 2, name: 'Ward 7' },
          bed: '3',
        },
        users: [{ id: 4, first_name: 'Alice', last_name: 'Adams' }],
        teams: [],
        tasks: [
          { id: 1, title: 'Take bloods', completed: false, order: 0 },
          {
            id: 2,
            title: 'ECG',
            completed: true,
            completed_by_id: 4,
            completed_at: '2026-07-01T23:30:00.000Z',
            order: 1,
          },
        ],
        created_at: '2026-07-01T08:00:00.000Z',
        modified_at: '2026-07-01T23:30:00.000Z',
        editable: true,
      },
      { timeZone: 'Europe/London', nameOf: (id) => (id === 4 ? 'Alice Adams' : undefined) },
    );
    expect(text).toContain('Date of birth: 02/04/1950');
    expect(text).toContain('Ward: Ward 7, bed 3');
    expect(text).toContain('- [ ] Take bloods');
    expect(text).toContain('- [x] ECG (Alice Adams on 02/07/2026 00:30)');
    expect(text).toContain('(times in Europe/London)');
  });
});
