/**
 * A patient identifier (`patient_identificator`, e.g. an NHS number) is unique per organisation
 * (issue 18): the smart forms look patients up by it. Stored as typed, trimmed, with inner runs
 * of spaces made one; blank means none. Two identifiers are the same when their keys are equal:
 * spaces and case do not make a second patient ("943 476 5919" = "9434765919").
 */
export function normalizePatientIdentifier(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim().replace(/\s+/g, ' ');
  return trimmed === '' ? null : trimmed;
}

/** The comparison key of an identifier (the server's unique index uses the same expression). */
export function patientIdentifierKey(value: string): string {
  return value.replace(/\s+/g, '').toLowerCase();
}

/** The 409's internal code and message when an identifier is taken. */
export const PATIENT_IDENTIFIER_TAKEN = 'PATIENT_IDENTIFIER_TAKEN';
export const PATIENT_IDENTIFIER_TAKEN_MESSAGE =
  'Another patient of this organisation already has this identifier.';
