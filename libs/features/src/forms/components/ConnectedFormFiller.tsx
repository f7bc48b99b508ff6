import { clearValues, type FormTemplate } from '@pando/domain';
import { FormFiller, ScannerOverlay } from '@pando/ui';
import { useViewer } from '../../common/viewer';
import { useFormFiller } from '../hooks/useFormFiller';

export interface ConnectedFormFillerProps {
  /** The template to fill; it opens empty. */
  template: FormTemplate;
  /** Closes the filler. */
  onClose: () => void;
  /** View only (no changes, no submit). */
  readOnly?: boolean;
  /** Told after a successful submit. */
  onSubmitted?: (template: FormTemplate) => void;
}

/**
 * The filler modal on the real API (spec 02 §2 "A form modal opens with a selected template"),
 * from the builder and from chat. Mount it per template (a `key`) so each opening starts empty.
 */
export function ConnectedFormFiller({
  template,
  onClose,
  readOnly = false,
  onSubmitted,
}: ConnectedFormFillerProps) {
  const viewer = useViewer();
  const { filler, scanner } = useFormFiller({
    template: { ...template, controls: clearValues(template.controls) },
    ownEmail: viewer.email ?? '',
    ...(onSubmitted ? { onSubmitted } : {}),
  });
  return (
    <>
      <FormFiller {...filler} opened onClose={onClose} readOnly={readOnly} />
      <ScannerOverlay {...scanner} />
    </>
  );
}
