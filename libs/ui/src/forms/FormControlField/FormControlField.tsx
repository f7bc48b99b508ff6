import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  Divider,
  FileButton,
  Group,
  Image,
  Input,
  Loader,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  autocompleteCompletion,
  controlInlineMessage,
  fileControlState,
  formFileTypes,
  MULTISELECT_MAX_ROWS,
  TEXTAREA_DEFAULT_COLS,
  TEXTAREA_DEFAULT_ROWS,
  THUMBNAIL_MAX_PX,
  type Control,
  type ControlValue,
} from '@pando/domain';
import { IconBarcode, IconCurrentLocation, IconTrash, IconUpload } from '@tabler/icons-react';
import { useId, type ChangeEvent } from 'react';
import { DateField } from '../../common/DateField';

/** Height of one multiselect row (a small checkbox and its gap), for the 6-row window. */
const MULTISELECT_ROW_PX = 30;

export interface FormControlFieldProps {
  /** The control to render (spec 02 §3); its `error` flag draws the red border. */
  control: Control;
  /** Receives the new value (text, a list for multiselect, a file guid for file and image). */
  onChange: (value: ControlValue) => void;
  /** View only: nothing can be changed (view mode, or a control with `can_edit` false). @default false */
  readOnly?: boolean;
  /** Barcode: opens the scanner for this control. Without it no Scan button shows. */
  onScan?: () => void;
  /** Geolocation: asks the device for its position. Without it no button shows. */
  onLocate?: () => void;
  /** Geolocation is being looked up. @default false */
  locating?: boolean;
  /**
   * File and image: receives the chosen file to upload (the caller checks its size and type
   * before sending: `formFileRefusal`).
   */
  onUploadFile?: (file: File) => void;
  /** File and image: removes the uploaded file (the value becomes a dash). */
  onDeleteFile?: () => void;
  /** File and image: an upload is in progress. @default false */
  uploading?: boolean;
  /** File and image: where the uploaded file opens (a link on its name). */
  fileUrl?: string;
  /** Image: the uploaded image's thumbnail (at most 150 px). */
  thumbnailUrl?: string;
}

function textOf(value: ControlValue | undefined): string {
  if (value == null) return '';
  return Array.isArray(value) ? value.join(', ') : value;
}

function listOf(value: ControlValue | undefined): string[] {
  if (value == null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

interface TextWithAutocompleteProps {
  control: Control;
  onChange: (value: ControlValue) => void;
  readOnly: boolean;
}

/**
 * Text with autocomplete (spec 02 §4): typing completes to the first case-insensitive prefix
 * match of the control's list, the completion selected; Backspace over the selected completion
 * removes it (the browser deletes the selection, and a deletion never completes again).
 */
function TextWithAutocomplete({ control, onChange, readOnly }: TextWithAutocompleteProps) {
  const value = textOf(control.value);
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.currentTarget;
    const typed = field.value;
    const inputType = (event.nativeEvent as InputEvent).inputType;
    const completion = autocompleteCompletion(
      typed,
      control.autocomplete,
      inputType.startsWith('delete'),
    );
    if (!completion) {
      onChange(typed);
      return;
    }
    // The list's word in its own case ("RESP" → "Respiratory"), the part not typed selected: what
    // the field shows is what is stored. Set on the field itself: "c" and "ca" can complete to
    // the same value, and React would not re-render for it.
    field.value = completion.value;
    field.setSelectionRange(completion.selectFrom, completion.value.length);
    onChange(completion.value);
  };
  return (
    <TextInput
      label={control.label}
      placeholder={control.placeholder ?? undefined}
      required={control.required}
      error={control.error === true}
      readOnly={readOnly}
      value={value}
      onChange={change}
      autoComplete="off"
    />
  );
}

function FileControl({
  control,
  readOnly,
  onUploadFile,
  onDeleteFile,
  uploading = false,
  fileUrl,
  thumbnailUrl,
}: FormControlFieldProps & { readOnly: boolean }) {
  const isImage = control.type === 'image';
  const state = fileControlState(control.value, uploading);
  const id = useId();
  return (
    <Input.Wrapper
      label={control.label}
      required={control.required}
      error={control.error === true}
      id={id}
    >
      <Box
        p="xs"
        style={{
          border: `1px solid ${control.error === true ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`,
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      >
        {state === 'uploading' ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">Uploading…</Text>
          </Group>
        ) : state === 'uploaded' ? (
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Group gap="xs" wrap="nowrap" miw={0}>
              {isImage && thumbnailUrl ? (
                <Image
                  src={thumbnailUrl}
                  alt={control.label || 'Uploaded image'}
                  mah={THUMBNAIL_MAX_PX}
                  maw={THUMBNAIL_MAX_PX}
                  fit="contain"
                />
              ) : null}
              {fileUrl ? (
                <Anchor href={fileUrl} target="_blank" rel="noopener" size="sm">
                  {isImage ? 'Open image' : 'Open file'}
                </Anchor>
              ) : (
                <Text size="sm">{isImage ? 'Image uploaded' : 'File uploaded'}</Text>
              )}
            </Group>
            {!readOnly && onDeleteFile ? (
              <Tooltip label={`Delete ${isImage ? 'image' : 'file'}`}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${isImage ? 'image' : 'file'} of ${control.label || control.id}`}
                  onClick={onDeleteFile}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        ) : readOnly ? (
          <Text size="sm" c="dimmed">
            {state === 'deleted' ? 'Deleted' : 'No file'}
          </Text>
        ) : (
          <FileButton
            onChange={(file) => {
              if (file) onUploadFile?.(file);
            }}
            // Spec 02 §5: only the accepted types are offered (documents and images; images).
            accept={formFileTypes(isImage ? 'image' : 'file').join(',')}
            inputProps={{
              'aria-label': `${isImage ? 'Image' : 'File'} for ${control.label || control.id}`,
            }}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="sm"
                leftSection={<IconUpload size={16} aria-hidden />}
                aria-describedby={id}
              >
                {isImage ? 'Choose an image' : 'Choose a file'}
              </Button>
            )}
          </FileButton>
        )}
      </Box>
    </Input.Wrapper>
  );
}

/**
 * One smart-form control (spec 02 §3–§5): text with autocomplete, barcode (with Scan), geolocation,
 * dropdown, multiselect (at most 6 rows shown), textarea (4 × 50), radio, file, image, date and
 * divider. A dropdown, multiselect or radio without options and an unknown type show an inline
 * message instead. Required controls carry the asterisk; a failing one (`error`) a red border.
 */
export function FormControlField(props: FormControlFieldProps) {
  const { control, onChange, onScan, onLocate, locating = false } = props;
  const readOnly = props.readOnly ?? false;
  const locked = readOnly || !control.can_edit;
  const inline = controlInlineMessage(control);
  if (inline) {
    return (
      <Alert color="orange" variant="light" p="xs">
        {control.label ? (
          <Text size="sm" fw={600}>
            {control.label}
          </Text>
        ) : null}
        <Text size="sm">{inline}</Text>
      </Alert>
    );
  }
  const common = {
    label: control.label,
    placeholder: control.placeholder ?? undefined,
    required: control.required,
    error: control.error === true,
  };
  switch (control.type) {
    case 'text':
      return <TextWithAutocomplete control={control} onChange={onChange} readOnly={locked} />;
    case 'barcode':
    case 'geolocation': {
      const isBarcode = control.type === 'barcode';
      const action = isBarcode ? onScan : onLocate;
      const actionLabel = isBarcode
        ? `Scan barcode for ${control.label || control.id}`
        : `Use my location for ${control.label || control.id}`;
      return (
        <TextInput
          {...common}
          value={textOf(control.value)}
          readOnly={locked || !isBarcode}
          onChange={(event) => {
            onChange(event.currentTarget.value);
          }}
          rightSectionWidth={40}
          rightSection={
            action && !locked ? (
              <Tooltip label={isBarcode ? 'Scan' : 'Use my location'}>
                <ActionIcon
                  variant="subtle"
                  aria-label={actionLabel}
                  onClick={action}
                  loading={!isBarcode && locating}
                >
                  {isBarcode ? (
                    <IconBarcode size={18} aria-hidden />
                  ) : (
                    <IconCurrentLocation size={18} aria-hidden />
                  )}
                </ActionIcon>
              </Tooltip>
            ) : null
          }
        />
      );
    }
    case 'dropdown':
      return (
        <Select
          {...common}
          data={control.options ?? []}
          value={typeof control.value === 'string' && control.value !== '' ? control.value : null}
          onChange={(value) => {
            onChange(value ?? '');
          }}
          readOnly={locked}
          clearable={!control.required}
          allowDeselect={!control.required}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'multiselect': {
      const chosen = listOf(control.value);
      const rows = Math.min(MULTISELECT_MAX_ROWS, control.options?.length ?? 0);
      return (
        <Checkbox.Group
          label={control.label}
          required={control.required}
          error={control.error === true}
          value={chosen}
          onChange={(values) => {
            // Keep the options' order, whatever order they were ticked in.
            onChange((control.options ?? []).filter((o) => values.includes(o)));
          }}
          readOnly={locked}
        >
          <Box
            mah={rows * MULTISELECT_ROW_PX + 12}
            p={6}
            // Focusable when nothing inside is (view only), so the rows beyond 6 still scroll by keyboard.
            tabIndex={locked ? 0 : undefined}
            style={{
              overflowY: 'auto',
              border: `1px solid ${control.error === true ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`,
              borderRadius: 'var(--mantine-radius-sm)',
            }}
          >
            <Stack gap={8} py={2}>
              {(control.options ?? []).map((option) => (
                <Checkbox key={option} value={option} label={option} disabled={locked} />
              ))}
            </Stack>
          </Box>
        </Checkbox.Group>
      );
    }
    case 'textarea':
      return (
        <Textarea
          {...common}
          rows={TEXTAREA_DEFAULT_ROWS}
          cols={TEXTAREA_DEFAULT_COLS}
          value={textOf(control.value)}
          readOnly={locked}
          onChange={(event) => {
            onChange(event.currentTarget.value);
          }}
        />
      );
    case 'radio':
      return (
        <Radio.Group
          label={control.label}
          required={control.required}
          error={control.error === true}
          value={typeof control.value === 'string' ? control.value : null}
          onChange={onChange}
          readOnly={locked}
        >
          <Group gap="md" mt={4}>
            {(control.options ?? []).map((option) => (
              <Radio key={option} value={option} label={option} disabled={locked} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'file':
    case 'image':
      return <FileControl {...props} readOnly={locked} />;
    case 'date':
      // dd/mm/yyyy whatever the browser's language; ISO in the form's value (DateField).
      return (
        <DateField
          label={common.label}
          {...(common.placeholder ? { placeholder: common.placeholder } : {})}
          required={common.required}
          error={common.error}
          value={textOf(control.value)}
          readOnly={locked}
          onChange={onChange}
        />
      );
    case 'divider':
      return <Divider my="xs" label={control.label || undefined} labelPosition="left" />;
    default:
      // controlInlineMessage covers unknown types; this keeps the switch exhaustive.
      return null;
  }
}
