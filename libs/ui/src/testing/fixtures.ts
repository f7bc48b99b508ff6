import type { Viewer } from '@pando/domain';

/** Realistic people of the demo organisation (ARCHITECTURE.md), shared by stories and tests. */
export const viewers = {
  alice: {
    access_level: 'USER_VERIFIED',
    premium_features: { patient_cards: true, pagers: true, advice_channels: true },
    features: { form_templates: true },
  },
  carol: { access_level: 'USER', premium_features: {}, features: {} },
  orgAdmin: { access_level: 'ORGANISATION_ADMIN', premium_features: {}, features: {} },
  pandoAdmin: {
    access_level: 'PANDO_ADMIN',
    premium_features: { patient_cards: true },
    features: { pando_control_v2: true, form_templates: true },
  },
} satisfies Record<string, Viewer>;

export const XSS_IMG = '<img src=x onerror=alert(1)>';
export const XSS_LINK = 'javascript:alert(document.cookie)';
export const RTL_NAME = 'د. ليلى الحسيني';
export const LONG_NAME =
  'Dr Anastasia Konstantinopoulou-Wetherington, Consultant in Paediatric Cardiothoracic Intensive Care';
