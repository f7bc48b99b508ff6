import { wardIdForSave, type Patient } from '@pando/domain';
import type { PatientInfoValues } from '@pando/ui';

/** The PUT /patients/{id} body of the info panel's fields: blanks are sent as none. */
export function patientFromInfo(values: PatientInfoValues): Partial<Patient> {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    dob: values.dob || null,
    gender: values.gender,
    patient_identificator: values.patient_identificator.trim() || null,
    ward_id: wardIdForSave(values.ward_id),
    bed: values.bed.trim() || null,
  };
}

/** The card title the list falls back to: the patient's name. */
export function cardTitle(values: PatientInfoValues): string {
  return `${values.first_name.trim()} ${values.last_name.trim()}`.trim();
}
