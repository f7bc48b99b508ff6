import { DEFAULT_CONTROL_DELIMITER, SAVE_TO_LOCAL } from './constants';
import type { Control, FormTemplate } from './schemas';

const control = (c: Partial<Control> & Pick<Control, 'id' | 'type' | 'label'>): Control => ({
  required: false,
  delimiter: DEFAULT_CONTROL_DELIMITER,
  can_edit: true,
  ...c,
});

/**
 * The built-in sample templates the filler offers when the template list cannot be loaded
 * (spec 02 §7: "On any failure the filler falls back to a built-in sample template list"). They
 * have no id: they can be filled and exported on the device, not submitted (the server does not
 * know them). Decision: two short clinical forms, a patient handover and an observation chart.
 */
export const SAMPLE_TEMPLATES: readonly FormTemplate[] = [
  {
    title: 'Patient handover (sample)',
    description: 'A short handover between shifts.',
    author: 'Pando',
    version: '1.0',
    deleted: false,
    flags: {},
    controls: [
      control({
        id: 'patient_identificator',
        type: 'barcode',
        label: 'Patient identifier',
        patient_data: 'patient_identificator',
        required: true,
      }),
      control({ id: 'first_name', type: 'text', label: 'First name', patient_data: 'first_name' }),
      control({ id: 'last_name', type: 'text', label: 'Last name', patient_data: 'last_name' }),
      control({
        id: 'situation',
        type: 'textarea',
        label: 'Situation',
        required: true,
      }),
      control({
        id: 'escalation',
        type: 'radio',
        label: 'Escalation needed',
        options: ['Yes', 'No'],
      }),
    ],
    export_options: [
      {
        title: 'Export to CSV',
        type: 'csv',
        fields: [],
        delimiter: ',',
        array_separator: ' / ',
        save_to: SAVE_TO_LOCAL,
      },
    ],
  },
  {
    title: 'Observation chart (sample)',
    description: 'Vital signs at a glance.',
    author: 'Pando',
    version: '1.0',
    deleted: false,
    flags: {},
    controls: [
      control({ id: 'date', type: 'date', label: 'Date', required: true }),
      control({ id: 'pulse', type: 'text', label: 'Pulse (bpm)' }),
      control({
        id: 'consciousness',
        type: 'dropdown',
        label: 'Consciousness (ACVPU)',
        options: ['Alert', 'Confusion', 'Voice', 'Pain', 'Unresponsive'],
      }),
      control({
        id: 'oxygen',
        type: 'multiselect',
        label: 'Oxygen',
        options: ['Room air', 'Nasal cannula', 'Face mask', 'Venturi', 'High flow'],
      }),
    ],
    export_options: [{ title: 'Export to JSON', type: 'json', object: '', save_to: SAVE_TO_LOCAL }],
  },
];
