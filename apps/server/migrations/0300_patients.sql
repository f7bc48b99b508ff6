-- Patients (issue 18).
-- A patient identifier is unique per organisation, compared without spaces and case
-- (libs/domain patientIdentifierKey): the smart forms look patients up by it.
create unique index patients_identifier_unique_idx
  on patients (hospital_id, lower(regexp_replace(patient_identificator, '\s', '', 'g')))
  where patient_identificator is not null;
-- The patient list finds a viewer's cards from their side: created, assigned, through a team,
-- or shared (shares_target_idx); the card's own rows by id.
create index patient_cards_created_by_idx on patient_cards (created_by_id);
create index patient_cards_patient_idx on patient_cards (patient_id);
create index images_patient_kind_idx on images (patient_id, kind) where not deleted;
