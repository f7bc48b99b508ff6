import { useCallback, useRef, useState } from 'react';
import { saveToDevice } from '../../files/saveToDevice';
import {
  ApiError,
  deleteStructuredFile,
  emailStructuredFile,
  isBadRequest,
  lookupPatient,
  postExport,
  structuredFileUrl,
  submitForm,
  uploadStructuredFile,
  useHttpClient,
} from '@pando/data-access';
import {
  confirmedSubmission,
  deleteFileValue,
  exportPdf,
  fillFromPatientData,
  formFileRefusal,
  formFileUploadError,
  patientDataDifferences,
  planExport,
  setControlValue,
  submissionNotice,
  TEXTS,
  textsWith,
  validateForm,
  type ControlValue,
  type ExportOption,
  type FormTemplate,
} from '@pando/domain';
import type {
  FormFillerNotice,
  FormFillerProps,
  PatientDifference,
  ScannerOverlayProps,
} from '@pando/ui';

/** The email export's attachment name, beside data_export.csv / data_export.json. */
const EXPORT_PDF_NAME = 'data_export.pdf';

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The position as the geolocation control holds it: "latitude, longitude" to six places. */
const positionText = (p: GeolocationPosition) =>
  `${p.coords.latitude.toFixed(6)}, ${p.coords.longitude.toFixed(6)}`;

export interface UseFormFillerOptions {
  /** The template to fill (its values are cleared by the caller when it should start empty). */
  template: FormTemplate | null;
  /** The signed-in user's email (the email export's own-address placeholder). */
  ownEmail: string;
  /** Told after the server answered ok (chat posts the "Form:" message). */
  onSubmitted?: (template: FormTemplate) => void;
}

/**
 * The filler's behaviour (spec 02 §4, §5, §7, §8): values, the submit check with red borders,
 * submit → ok / error / confirm (the comparison dialog, then a resubmit with confirmed true),
 * file and image uploads (file guid; delete sets '-'), geolocation, the barcode scan that looks
 * the patient up and fills the mapped controls, and the csv / json / email / save_to exports.
 * Returns the props of the ui `FormFiller` and `ScannerOverlay`.
 */
export function useFormFiller({ template: initial, ownEmail, onSubmitted }: UseFormFillerOptions) {
  const http = useHttpClient();
  const [template, setTemplate] = useState<FormTemplate | null>(initial);
  const [notice, setNotice] = useState<FormFillerNotice | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [uploadingIds, setUploadingIds] = useState<string[]>([]);
  const [locatingId, setLocatingId] = useState<string | null>(null);
  const [scanTarget, setScanTarget] = useState<string | null>(null);
  const [confirmDifferences, setConfirmDifferences] = useState<PatientDifference[] | null>(null);
  // The latest values, for async completions (an upload finishing after more typing).
  const current = useRef(template);
  current.current = template;

  const setValue = useCallback((id: string, value: ControlValue) => {
    setTemplate((t) => {
      if (!t) return t;
      const next = setControlValue(t.controls, id, value);
      if (!next.ok) {
        setNotice({ kind: 'error', text: next.error });
        return t;
      }
      return { ...t, controls: next.controls };
    });
  }, []);

  const send = async (form: FormTemplate) => {
    setSubmitting(true);
    try {
      const answer = await submitForm(http, form);
      if (isBadRequest(answer)) {
        setNotice({ kind: 'error', text: textsWith.submitError(answer.message) });
        return;
      }
      const outcome = submissionNotice(answer);
      if (outcome.level === 'confirm') {
        setConfirmDifferences(patientDataDifferences(form.controls, answer.patient_data ?? {}));
        return;
      }
      setConfirmDifferences(null);
      setNotice({ kind: outcome.level, text: outcome.text });
      if (outcome.level === 'success') onSubmitted?.(form);
    } catch (error) {
      setNotice({ kind: 'error', text: textsWith.submitError(reasonOf(error)) });
    } finally {
      setSubmitting(false);
    }
  };

  const submit = () => {
    const form = current.current;
    if (!form) {
      setNotice({ kind: 'error', text: TEXTS.noFormSelected });
      return;
    }
    const checked = validateForm(form.controls);
    setTemplate({ ...form, controls: checked.controls });
    if (checked.alert) {
      setNotice({ kind: 'error', text: checked.alert });
      return;
    }
    setNotice(null);
    void send({ ...form, controls: checked.controls });
  };

  const runExport = async (option: ExportOption, emailAddress?: string) => {
    const form = current.current;
    const chosen =
      emailAddress !== undefined
        ? ({ title: option.title, type: 'email', address: emailAddress } as const)
        : option;
    const plan = planExport(form, chosen, ownEmail);
    setExporting(true);
    try {
      switch (plan.kind) {
        case 'error':
          setNotice({ kind: 'error', text: plan.message });
          return;
        case 'download':
          // The export's data_export.csv / data_export.json, saved on this device.
          saveToDevice(new Blob([plan.content], { type: plan.mimeType }), plan.filename);
          setNotice({ kind: 'success', text: TEXTS.exportedSaved });
          return;
        case 'post':
          await postExport(plan.url, plan.content, plan.mimeType);
          setNotice({ kind: 'success', text: TEXTS.exportedSaved });
          return;
        case 'email': {
          if (!form) return;
          // Decision: the mail carries the filled form as a PDF (structured files take
          // documents and images only, not CSV).
          try {
            const guid = await uploadStructuredFile(
              http,
              new Blob([exportPdf(form)], { type: 'application/pdf' }),
              EXPORT_PDF_NAME,
            );
            const message = await emailStructuredFile(http, 'file', guid, plan.address);
            setNotice({ kind: 'success', text: textsWith.emailSentSuccessfully(message) });
          } catch (error) {
            setNotice({ kind: 'error', text: textsWith.errorSendingEmail(reasonOf(error)) });
          }
          return;
        }
      }
    } catch (error) {
      setNotice({ kind: 'error', text: textsWith.exportFailed(reasonOf(error)) });
    } finally {
      setExporting(false);
    }
  };

  const onScanned = async (controlId: string, value: string) => {
    setValue(controlId, value);
    const field = current.current?.controls.find((c) => c.id === controlId)?.patient_data;
    if (!field) return;
    try {
      const patient = await lookupPatient(http, field, value);
      if (!patient || isBadRequest(patient)) return; // 404 leaves the form as is (spec 02 §7)
      setTemplate((t) => (t ? { ...t, controls: fillFromPatientData(t.controls, patient) } : t));
    } catch {
      setNotice({ kind: 'error', text: TEXTS.networkResponseNotOk });
    }
  };

  const upload = async (controlId: string, file: File) => {
    // Spec 02 §5: over 25 MB or a type the control does not take is refused here, naming the
    // file, before a byte is sent (issue 35: a 26 MB file went up whole to be refused).
    const type = current.current?.controls.find((c) => c.id === controlId)?.type;
    const refusal = formFileRefusal(type === 'image' ? 'image' : 'file', file);
    if (refusal) {
      setNotice({ kind: 'error', text: refusal });
      return;
    }
    setUploadingIds((ids) => [...ids, controlId]);
    try {
      const guid = await uploadStructuredFile(http, file, file.name);
      setValue(controlId, guid);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : undefined;
      setNotice({ kind: 'error', text: formFileUploadError(file.name, status, reasonOf(error)) });
    } finally {
      setUploadingIds((ids) => ids.filter((id) => id !== controlId));
    }
  };

  const removeFile = (controlId: string) => {
    const value = current.current?.controls.find((c) => c.id === controlId)?.value;
    setTemplate((t) => (t ? { ...t, controls: deleteFileValue(t.controls, controlId) } : t));
    // The stored file goes too; if that fails the form no longer names it anyway.
    if (typeof value === 'string' && value.length > 1)
      deleteStructuredFile(http, value).catch(() => undefined);
  };

  const locate = (controlId: string) => {
    if (!('geolocation' in navigator)) {
      setNotice({ kind: 'error', text: 'This device cannot tell its location.' });
      return;
    }
    setLocatingId(controlId);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocatingId(null);
        setValue(controlId, positionText(position));
      },
      (error) => {
        setLocatingId(null);
        setNotice({ kind: 'error', text: `The location could not be found: ${error.message}` });
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  const canSubmit = template?.id != null && template.id !== 0 && !template.deleted;

  const filler: Omit<FormFillerProps, 'opened' | 'onClose' | 'readOnly'> = {
    template,
    onChange: setValue,
    ...(canSubmit ? { onSubmit: submit } : {}),
    submitting,
    notice,
    onExport: (option, emailAddress) => void runExport(option, emailAddress),
    exporting,
    ownEmail,
    onScan: setScanTarget,
    onLocate: locate,
    locatingId,
    onUploadFile: (id, file) => void upload(id, file),
    onDeleteFile: removeFile,
    uploadingIds,
    fileUrl: (guid, thumbnail) => structuredFileUrl(http, guid, thumbnail),
    confirmDifferences,
    onConfirm: () => {
      const form = current.current;
      if (form) void send(confirmedSubmission(form));
    },
    onCancelConfirm: () => {
      setConfirmDifferences(null);
    },
  };
  const scanLabel = template?.controls.find((c) => c.id === scanTarget)?.label;
  const scanner: ScannerOverlayProps = {
    opened: scanTarget !== null,
    onClose: () => {
      setScanTarget(null);
    },
    onScan: (value) => {
      if (scanTarget) void onScanned(scanTarget, value);
    },
    title: scanLabel ? `Scan ${scanLabel}` : 'Scan a barcode',
  };
  return { filler, scanner };
}
