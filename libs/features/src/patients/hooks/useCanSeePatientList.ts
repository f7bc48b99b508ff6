import { canSeePatientList } from '@pando/domain';
import { useViewer } from '../../common/viewer';

/** Spec 01 §6: the patient list (and creating cards) needs the premium feature patient_cards. */
export function useCanSeePatientList(): boolean {
  const viewer = useViewer();
  return canSeePatientList({
    access_level: viewer.access_level,
    premium_features: { patient_cards: viewer.premium_features.patient_cards === true },
  });
}
