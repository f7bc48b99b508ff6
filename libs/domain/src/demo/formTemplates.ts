import type { FormTemplate } from '../forms/schemas';
import { SAMPLE_TEMPLATES } from '../forms/samples';
import { displayName } from '../users/displayName';
import { DEMO_ACCOUNTS, DEMO_PEOPLE, type DemoOrganisation } from './organisation';

/** A form template of the demo organisation: its owner and organisation by name. */
export interface DemoFormTemplate {
  template: FormTemplate;
  /** The owner's email (they may edit and delete it; everyone else in the organisation sees it). */
  owner: string;
  organisation: DemoOrganisation;
}

const owner = DEMO_PEOPLE.find((p) => p.email === DEMO_ACCOUNTS.orgAdmin);

/**
 * The demo organisation's form templates (issue 35: the builder was empty for a new user): the
 * built-in samples, without "(sample)", written by St Elsewhere's organisation admin, Omar
 * Organisation, and public to St Elsewhere General. The server seed stores them.
 */
export const DEMO_FORM_TEMPLATES: readonly DemoFormTemplate[] = SAMPLE_TEMPLATES.map((t) => ({
  template: {
    ...t,
    title: t.title.replace(' (sample)', ''),
    author: owner ? displayName(owner) : t.author,
  },
  owner: DEMO_ACCOUNTS.orgAdmin,
  organisation: 'stElsewhere',
}));
