import type { Control, FormTemplate } from '@pando/domain';

const base = { required: false, delimiter: ', ', can_edit: true } as const;

/** One control of every type (spec 02 §3), for the forms stories. */
export const EVERY_CONTROL: Control[] = [
  {
    ...base,
    id: 'ward',
    type: 'text',
    label: 'Ward',
    placeholder: 'Start typing a ward',
    autocomplete: ['Ward 7', 'Cardiology Ward', 'Acute Medical Unit'],
  },
  {
    ...base,
    id: 'patient_id',
    type: 'barcode',
    label: 'Patient identifier',
    patient_data: 'patient_identificator',
    required: true,
  },
  { ...base, id: 'location', type: 'geolocation', label: 'Location' },
  {
    ...base,
    id: 'priority',
    type: 'dropdown',
    label: 'Priority',
    options: ['Routine', 'Urgent', 'Emergency'],
  },
  {
    ...base,
    id: 'symptoms',
    type: 'multiselect',
    label: 'Symptoms',
    options: [
      'Chest pain',
      'Breathlessness',
      'Fever',
      'Cough',
      'Dizziness',
      'Nausea',
      'Headache',
      'Fatigue',
    ],
  },
  { ...base, id: 'notes', type: 'textarea', label: 'Notes' },
  { ...base, id: 'escalate', type: 'radio', label: 'Escalate', options: ['Yes', 'No'] },
  { ...base, id: 'letter', type: 'file', label: 'Referral letter' },
  { ...base, id: 'wound', type: 'image', label: 'Wound photo' },
  { ...base, id: 'seen_on', type: 'date', label: 'Seen on' },
  { ...base, id: 'section', type: 'divider', label: 'Sign-off' },
];

export const SAMPLE_FORM: FormTemplate = {
  id: 41,
  title: 'Admission checklist',
  description: 'Fill in on arrival on the ward.',
  author: 'Pando Admin',
  version: '1.2',
  created_by_id: 1,
  trust_id: 1,
  deleted: false,
  flags: {},
  controls: EVERY_CONTROL,
  export_options: [
    {
      title: 'Ward CSV',
      type: 'csv',
      fields: [],
      delimiter: ',',
      array_separator: ' / ',
      save_to: 'local',
    },
    { title: 'Ward JSON', type: 'json', object: '', save_to: 'local' },
    { title: 'Email the ward', type: 'email', address: '{{user.email}}' },
  ],
};
