import { Navigate, useParams } from 'react-router-dom';
import { patientPageState } from '@pando/domain';
import { PatientsEmptyState } from '@pando/ui';
import { useCanSeePatientList } from '../hooks/useCanSeePatientList';
import { PatientCreate } from './PatientCreate';
import { PatientDetail } from './PatientDetail';

/** /patients/{state}: create, a card id, or anything else → the empty state (spec 01 §2). */
export function PatientPage() {
  const premium = useCanSeePatientList();
  const page = patientPageState(useParams().state);
  if (page.kind === 'create') {
    return premium ? <PatientCreate /> : <Navigate to="/patients" replace />;
  }
  if (page.kind === 'card') return <PatientDetail cardId={page.id} />;
  return <PatientsEmptyState />;
}
