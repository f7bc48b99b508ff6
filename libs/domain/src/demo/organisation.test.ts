import { describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNTS,
  DEMO_ADVICE,
  DEMO_ADVICE_TEAM,
  DEMO_ORGANISATIONS,
  DEMO_PATIENT_CARD,
  DEMO_PEOPLE,
  DEMO_TEAMS,
  DEMO_WARDS,
} from './organisation';

describe('the demo organisation (ARCHITECTURE.md "Demo organisation")', () => {
  const person = (email: string) => DEMO_PEOPLE.find((p) => p.email === email);

  it('has exactly the accounts of the demo table, with their access levels and organisations', () => {
    expect(
      DEMO_PEOPLE.map((p) => [p.email, p.access_level, DEMO_ORGANISATIONS[p.organisation].name]),
    ).toEqual([
      ['pando.admin@example.org', 'PANDO_ADMIN', 'St Elsewhere General'],
      ['network.admin@example.org', 'NETWORK_ADMIN', 'St Elsewhere General'],
      ['org.admin@example.org', 'ORGANISATION_ADMIN', 'St Elsewhere General'],
      ['alice@example.org', 'USER_VERIFIED', 'St Elsewhere General'],
      ['bob@example.org', 'USER_VERIFIED', 'St Elsewhere General'],
      ['carol@example.org', 'USER', 'Riverside Hospital'],
      ['dave@example.net', 'USER_VERIFIED', 'Northgate Clinic'],
    ]);
    expect(Object.values(DEMO_ACCOUNTS)).toEqual(DEMO_PEOPLE.map((p) => p.email));
  });

  it('St Elsewhere and Riverside share a network; Northgate is alone in another', () => {
    expect(DEMO_ORGANISATIONS.stElsewhere.network).toBe(DEMO_ORGANISATIONS.riverside.network);
    expect(DEMO_ORGANISATIONS.northgate.network).not.toBe(DEMO_ORGANISATIONS.stElsewhere.network);
  });

  it('gives alice and bob the premium features and form templates; carol none', () => {
    for (const email of [DEMO_ACCOUNTS.alice, DEMO_ACCOUNTS.bob]) {
      expect(person(email)?.premium_features).toEqual({
        patient_cards: true,
        pagers: true,
        advice_channels: true,
      });
      expect(person(email)?.features.form_templates).toBe(true);
    }
    expect(person(DEMO_ACCOUNTS.carol)?.premium_features).toEqual({});
    expect(person(DEMO_ACCOUNTS.pandoAdmin)?.features).toEqual({
      pando_control_v2: true,
      form_templates: true,
    });
  });

  it('Ward 7 Team holds alice and bob; the forum is discoverable and auto-accepting; the advice team has bob, not alice', () => {
    const team = (name: string) => DEMO_TEAMS.find((t) => t.name === name);
    expect(team('Ward 7 Team')?.members).toEqual([DEMO_ACCOUNTS.alice, DEMO_ACCOUNTS.bob]);
    expect(team('Junior Doctors Forum')).toMatchObject({ discoverable: true, auto_accept: true });
    const advice = team(DEMO_ADVICE_TEAM);
    expect(advice?.public_data?.enabled).toBe(true);
    expect(advice?.members).toEqual([DEMO_ACCOUNTS.bob]);
    expect(advice?.staff).toBe(2);
    for (const t of DEMO_TEAMS)
      for (const m of t.members) expect(person(m), `${t.name}: ${m}`).toBeDefined();
    expect(DEMO_ADVICE.filter((a) => a.requestor === DEMO_ACCOUNTS.alice)).toHaveLength(2);
  });

  it('John Jones lies on a ward of his organisation, in a team his card is assigned to', () => {
    const { patient } = DEMO_PATIENT_CARD;
    expect(DEMO_WARDS[patient.organisation]).toContain(patient.ward);
    for (const team of DEMO_PATIENT_CARD.teams)
      expect(DEMO_TEAMS.find((t) => t.name === team)?.organisation).toBe(patient.organisation);
    for (const email of DEMO_PATIENT_CARD.assignees) expect(person(email)).toBeDefined();
  });
});
