import { describe, expect, it } from 'vitest';
import { DEMO_CHAT_HISTORY } from './chatHistory';
import { DEMO_FORM_TEMPLATES } from './formTemplates';
import { demoAnalyticsHistory, generateDemoOrganisation } from './generated';
import {
  DEMO_ACCOUNTS,
  DEMO_ADVICE_TEAM,
  DEMO_PEOPLE,
  DEMO_TEAMS,
  DEMO_WARDS,
} from './organisation';

const NOW = new Date('2026-03-18T12:00:00Z');

describe('the generated demo organisation', () => {
  const g = generateDemoOrganisation(NOW);
  const people = new Set([...DEMO_PEOPLE.map((p) => p.email), ...g.staff.map((s) => s.email)]);

  it('is the same on every call (one seeded PRNG: the seed and the tests agree)', () => {
    expect(generateDemoOrganisation(NOW)).toEqual(g);
    expect(g.staff.map((s) => s.email).slice(0, 3)).toEqual(
      generateDemoOrganisation(new Date('2020-01-01T00:00:00Z'))
        .staff.map((s) => s.email)
        .slice(0, 3),
    );
  });

  it('has 60 staff with unique emails, none of them a named account', () => {
    expect(g.staff).toHaveLength(60);
    expect(people.size).toBe(DEMO_PEOPLE.length + 60);
  });

  it('fills every team with its named members first, then the stated number of its own organisation', () => {
    for (const t of DEMO_TEAMS) {
      const members = g.teamMembers.get(t.name) ?? [];
      expect(members.slice(0, t.members.length)).toEqual(t.members);
      expect(members).toHaveLength(t.members.length + t.staff);
      for (const email of members.slice(t.members.length)) {
        expect(g.staff.find((s) => s.email === email)?.organisation).toBe(t.organisation);
      }
    }
    expect(g.teamMembers.get(DEMO_ADVICE_TEAM)).toEqual([DEMO_ACCOUNTS.bob, ...g.cardiologists]);
    expect(g.teamMembers.get(DEMO_ADVICE_TEAM)).not.toContain(DEMO_ACCOUNTS.alice);
  });

  it('names only demo people, teams and wards in advice, patients, pagers and analytics', () => {
    for (const email of g.adviceRequestors) expect(people.has(email)).toBe(true);
    for (const p of g.patients) {
      expect(DEMO_WARDS[p.organisation]).toContain(p.ward);
      expect(people.has(p.creator)).toBe(true);
      expect(p.tasks.length).toBeGreaterThanOrEqual(2);
    }
    for (const p of g.pagers) if (p.assigned_to) expect(people.has(p.assigned_to)).toBe(true);
    const teams = new Set(DEMO_TEAMS.map((t) => t.name));
    for (const e of g.analytics) {
      expect(people.has(e.user)).toBe(true);
      if (e.team) expect(teams.has(e.team)).toBe(true);
      if (e.forum) expect(teams.has(e.forum)).toBe(true);
    }
  });

  it('dates the analytics history in the 30 days before now', () => {
    const times = g.analytics.map((e) => e.at.getTime());
    expect(Math.min(...times)).toBeGreaterThanOrEqual(NOW.getTime() - 31 * 86_400_000);
    expect(Math.max(...times)).toBeLessThan(NOW.getTime() + 86_400_000);
    expect(g.analytics.filter((e) => e.type === 'login').length).toBeGreaterThan(500);
  });
});

describe('the demo chat history', () => {
  it('is written by demo people to demo teams or people, oldest first', () => {
    const emails = new Set(DEMO_PEOPLE.map((p) => p.email));
    const teams = new Set(DEMO_TEAMS.map((t) => t.name));
    for (const line of DEMO_CHAT_HISTORY) {
      expect(emails.has(line.from)).toBe(true);
      if ('room' in line.to) expect(teams.has(line.to.room)).toBe(true);
      else expect(emails.has(line.to.person)).toBe(true);
    }
    const ages = DEMO_CHAT_HISTORY.map((l) => l.minutesAgo);
    expect(ages).toEqual([...ages].sort((a, b) => b - a));
  });

  it('the analytics history has the month before the report too, a little quieter', () => {
    const history = demoAnalyticsHistory(NOW);
    const day = 86_400_000;
    const inMonth = (from: number, to: number) =>
      history.filter((e) => {
        const age = NOW.getTime() - e.at.getTime();
        return e.type === 'message_sent' && age > from * day && age <= to * day;
      }).length;
    const last = inMonth(0, 31);
    const before = inMonth(31, 62);
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(last);
  });

  it('the demo form templates are the samples, by the organisation admin, for St Elsewhere', () => {
    expect(DEMO_FORM_TEMPLATES.map((f) => f.template.title)).toEqual([
      'Patient handover',
      'Observation chart',
    ]);
    for (const f of DEMO_FORM_TEMPLATES) {
      expect(f.template.author).toBe('Omar Organisation');
      expect(f.owner).toBe('org.admin@example.org');
      expect(f.organisation).toBe('stElsewhere');
    }
  });
});
