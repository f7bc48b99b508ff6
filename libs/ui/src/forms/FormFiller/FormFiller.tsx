import {
  Alert,
  Box,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  emailExportError,
  resolveExportEmail,
  TEXTS,
  type ControlValue,
  type ExportOption,
  type FormTemplate,
} from '@pando/domain';
import { useState } from 'react';
import { Dialog } from '../../common/Dialog';
import { LAYOUT } from '../../shell/layout';
import { FormControlField } from '../FormControlField';

/** A patient field where what was submitted differs from the record (domain patientDataDifferences). */
export interface PatientDifference {
  field: string;
  label: string;
  submitted: string;
  current: string;
}

/** The outcome of the last action, shown above the buttons. */
export interface FormFillerNotice {
  kind: 'success' | 'error';
  text: string;
}

export interface FormFillerProps {
  /** Whether the modal is open. */
  opened: boolean;
  /** Closes the filler. */
  onClose: () => void;
  /** The template being filled, its controls holding the values; null shows "No form selected". */
  template: FormTemplate | null;
  /** A control's new value. */
  onChange: (controlId: string, value: ControlValue) => void;
  /** View only (nothing can be changed or submitted). @default false */
  readOnly?: boolean;
  /** Submits the form; without it there is no Submit (e.g. a sample template the server does not know). */
  onSubmit?: () => void;
  /** Submit in progress. @default false */
  submitting?: boolean;
  /** The outcome of the last submit or export (spec 02 §8 texts). */
  notice?: FormFillerNotice | null;
  /** Runs an export option (download, save_to POST or email to the address given). */
  onExport?: (option: ExportOption, emailAddress?: string) => void;
  /** An export is running. @default false */
  exporting?: boolean;
  /** The signed-in user's address: the email export's own-address placeholder becomes it. */
  ownEmail: string;
  /** Barcode: opens the scanner for a control. */
  onScan?: (controlId: string) => void;
  /** Geolocation: fills a control with the device's position. */
  onLocate?: (controlId: string) => void;
  /** The geolocation control being located. */
  locatingId?: string | null;
  /** File and image: uploads a chosen file for a control. */
  onUploadFile?: (controlId: string, file: File) => void;
  /** File and image: removes a control's file. */
  onDeleteFile?: (controlId: string) => void;
  /** Controls whose file is uploading. @default [] */
  uploadingIds?: readonly string[];
  /** Where an uploaded file (or, with `thumbnail`, its thumbnail) opens. */
  fileUrl?: (guid: string, thumbnail: boolean) => string;
  /** On a `confirm` answer: the patient fields that differ; the dialog compares them. */
  confirmDifferences?: readonly PatientDifference[] | null;
  /** Confirms the submitted patient data: resubmits with confirmed true. */
  onConfirm?: () => void;
  /** Cancels the confirmation (nothing is stored). */
  onCancelConfirm?: () => void;
}

interface EmailExportDialogProps {
  option: ExportOption | null;
  ownEmail: string;
  sending: boolean;
  onClose: () => void;
  onSend: (address: string) => void;
}

/**
 * Spec 02 §5 email export: the address is trimmed and must contain @ and a dot with the @ before
 * the last dot, or be the own-address placeholder; otherwise Send is disabled and the dialog
 * alerts "Invalid email address". A non-email option: "Selected type is not an email export".
 */
function EmailExportDialog({ option, ownEmail, sending, onClose, onSend }: EmailExportDialogProps) {
  const [address, setAddress] = useState(option?.type === 'email' ? option.address : '');
  const typeError = emailExportError(option);
  const resolved = resolveExportEmail(address, ownEmail);
  const addressError = address.trim() !== '' && !resolved.ok ? resolved.error : null;
  return (
    <Dialog opened onClose={onClose} title="Email export">
      <Stack gap="sm">
        {typeError ? (
          <Alert color="red" variant="light" p="xs" role="alert">
            <Text size="sm">{typeError}</Text>
          </Alert>
        ) : (
          <TextInput
            label="Email address"
            value={address}
            onChange={(event) => {
              setAddress(event.currentTarget.value);
            }}
            error={addressError}
            data-autofocus
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={typeError !== null || !resolved.ok}
            loading={sending}
            onClick={() => {
              if (resolved.ok) onSend(address.trim());
            }}
          >
            Send
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

/**
 * The form filler (spec 02 §2, §4, §5): every control of a template, Submit (validation by the
 * caller, whose failing controls come back flagged), exports (csv, json, email), and the
 * patient-data confirmation dialog of a `confirm` answer. In chat it is only ever filled, never
 * edited; view mode shows the values read-only.
 */
export function FormFiller({
  opened,
  onClose,
  template,
  onChange,
  readOnly = false,
  onSubmit,
  submitting = false,
  notice,
  onExport,
  exporting = false,
  ownEmail,
  onScan,
  onLocate,
  locatingId,
  onUploadFile,
  onDeleteFile,
  uploadingIds = [],
  fileUrl,
  confirmDifferences,
  onConfirm,
  onCancelConfirm,
}: FormFillerProps) {
  const theme = useMantineTheme();
  // Below the split breakpoint (a phone) the form takes the whole screen.
  const phone = useMediaQuery(`(max-width: calc(${theme.breakpoints[LAYOUT.splitFrom]} - 1px))`);
  const options = template?.export_options ?? [];
  const [chosenExport, setChosenExport] = useState<string | null>(null);
  const [emailing, setEmailing] = useState(false);
  const exportOption = options.find((o) => o.title === chosenExport) ?? options[0] ?? null;
  const title = template ? `${template.title} (v${template.version})` : 'Form';

  return (
    <Modal.Root opened={opened} onClose={onClose} size="xl" fullScreen={phone} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title fw={700}>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close form" />
        </Modal.Header>
        <Modal.Body>
          {!template ? (
            <Text>{TEXTS.noFormSelected}</Text>
          ) : (
            <Stack gap="md">
              {template.description ? (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                  {template.description}
                </Text>
              ) : null}
              {template.controls.map((control) => {
                const guid =
                  typeof control.value === 'string' && control.value.trim() !== ''
                    ? control.value
                    : null;
                return (
                  <Box key={control.id}>
                    <FormControlField
                      control={control}
                      readOnly={readOnly}
                      onChange={(value) => {
                        onChange(control.id, value);
                      }}
                      {...(onScan
                        ? {
                            onScan: () => {
                              onScan(control.id);
                            },
                          }
                        : {})}
                      {...(onLocate
                        ? {
                            onLocate: () => {
                              onLocate(control.id);
                            },
                          }
                        : {})}
                      locating={locatingId === control.id}
                      {...(onUploadFile
                        ? {
                            onUploadFile: (file: File) => {
                              onUploadFile(control.id, file);
                            },
                          }
                        : {})}
                      {...(onDeleteFile
                        ? {
                            onDeleteFile: () => {
                              onDeleteFile(control.id);
                            },
                          }
                        : {})}
                      uploading={uploadingIds.includes(control.id)}
                      {...(guid && fileUrl && (control.type === 'file' || control.type === 'image')
                        ? {
                            fileUrl: fileUrl(guid, false),
                            ...(control.type === 'image'
                              ? { thumbnailUrl: fileUrl(guid, true) }
                              : {}),
                          }
                        : {})}
                    />
                  </Box>
                );
              })}
              {notice ? (
                <Alert
                  color={notice.kind === 'success' ? 'green' : 'red'}
                  variant="light"
                  p="xs"
                  role={notice.kind === 'success' ? 'status' : 'alert'}
                >
                  <Text size="sm">{notice.text}</Text>
                </Alert>
              ) : null}
              <Group justify="space-between" align="flex-end" gap="sm">
                {onExport && options.length > 0 ? (
                  <Group gap="xs" align="flex-end">
                    <Select
                      label="Export option"
                      data={options.map((o) => o.title)}
                      value={exportOption?.title ?? null}
                      onChange={setChosenExport}
                      allowDeselect={false}
                      w={200}
                    />
                    <Button
                      variant="light"
                      loading={exporting}
                      onClick={() => {
                        if (!exportOption) return;
                        if (exportOption.type === 'email') setEmailing(true);
                        else onExport(exportOption);
                      }}
                    >
                      Export
                    </Button>
                    <Button
                      variant="subtle"
                      onClick={() => {
                        setEmailing(true);
                      }}
                    >
                      Email export
                    </Button>
                  </Group>
                ) : (
                  <span />
                )}
                <Group gap="xs">
                  <Button variant="default" onClick={onClose}>
                    Close
                  </Button>
                  {onSubmit && !readOnly ? (
                    <Button onClick={onSubmit} loading={submitting}>
                      Submit
                    </Button>
                  ) : null}
                </Group>
              </Group>
            </Stack>
          )}
        </Modal.Body>
      </Modal.Content>
      {emailing ? (
        <EmailExportDialog
          option={exportOption}
          ownEmail={ownEmail}
          sending={exporting}
          onClose={() => {
            setEmailing(false);
          }}
          onSend={(address) => {
            if (exportOption) onExport?.(exportOption, address);
            setEmailing(false);
          }}
        />
      ) : null}
      {confirmDifferences ? (
        <Dialog
          opened
          onClose={() => onCancelConfirm?.()}
          title="Confirm patient details"
          size="lg"
        >
          <Text size="sm" mb="sm">
            The patient details you entered differ from the patient&apos;s record. Submit them
            anyway?
          </Text>
          <Table.ScrollContainer minWidth={320}>
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Submitted</Table.Th>
                  <Table.Th>On record</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {confirmDifferences.map((d) => (
                  <Table.Tr key={d.field}>
                    <Table.Td>{d.label || d.field}</Table.Td>
                    <Table.Td>{d.submitted}</Table.Td>
                    <Table.Td>{d.current}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => onCancelConfirm?.()}>
              Cancel
            </Button>
            <Button onClick={() => onConfirm?.()} loading={submitting}>
              Confirm
            </Button>
          </Group>
        </Dialog>
      ) : null}
    </Modal.Root>
  );
}
