import { Alert, Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  CONTROL_TYPES,
  DELETE_CONTROL_CONFIRMATION,
  moveControl,
  newControl,
  removeControl,
  type Control,
  type ControlType,
  type FormTemplate,
} from '@pando/domain';
import { useRef, useState } from 'react';
import { Dialog } from '../../common/Dialog';
import type { FormFillerNotice } from '../FormFiller';
import { ControlEditor } from './ControlEditor';
import { ExportOptionsEditor } from './ExportOptionsEditor';

export interface TemplateEditorProps {
  /** The template being edited (a draft the caller holds). */
  template: FormTemplate;
  /** Receives every change to the draft. */
  onChange: (template: FormTemplate) => void;
  /** Saves the draft (Save Template). */
  onSave: () => void;
  /** Leaves edit mode without saving (Cancel edit). */
  onCancel: () => void;
  /** Save in progress. @default false */
  saving?: boolean;
  /** The outcome of the last save ("Template saved successfully" / "Error saving template: …"). */
  notice?: FormFillerNotice | null;
}

/**
 * The template editor (spec 02 §2, §4): title and description, the controls (each editable,
 * moved up or down, deleted after "Are you sure you want to delete this control?"), Add
 * Component, Edit export options, Save Template and Cancel edit.
 */
export function TemplateEditor({
  template,
  onChange,
  onSave,
  onCancel,
  saving = false,
  notice,
}: TemplateEditorProps) {
  const [newType, setNewType] = useState<ControlType>('text');
  const [deleting, setDeleting] = useState<Control | null>(null);
  const [editingExports, setEditingExports] = useState(false);
  const seq = useRef(template.controls.length + 1);
  const setControls = (controls: readonly Control[]) => {
    onChange({ ...template, controls: [...controls] });
  };
  return (
    <Stack gap="md">
      <TextInput
        label="Title"
        required
        value={template.title}
        onChange={(e) => {
          onChange({ ...template, title: e.currentTarget.value });
        }}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        value={template.description}
        onChange={(e) => {
          onChange({ ...template, description: e.currentTarget.value });
        }}
      />
      {template.controls.map((control, index) => (
        <ControlEditor
          key={control.id}
          control={control}
          index={index}
          onChange={(changed) => {
            setControls(template.controls.map((c) => (c.id === control.id ? changed : c)));
          }}
          onMoveUp={() => {
            setControls(moveControl(template.controls, index, 'up'));
          }}
          onMoveDown={() => {
            setControls(moveControl(template.controls, index, 'down'));
          }}
          onDelete={() => {
            setDeleting(control);
          }}
        />
      ))}
      <Group gap="xs" align="flex-end">
        <Select
          label="Component type"
          data={[...CONTROL_TYPES]}
          value={newType}
          onChange={(value) => {
            if (value) setNewType(value);
          }}
          allowDeselect={false}
          w={180}
        />
        <Button
          variant="light"
          onClick={() => {
            setControls([
              ...template.controls,
              newControl(newType, template.controls, seq.current),
            ]);
            seq.current += 1;
          }}
        >
          Add Component
        </Button>
        <Button
          variant="light"
          onClick={() => {
            setEditingExports(true);
          }}
        >
          Edit export options
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Export options: {template.export_options.map((o) => o.title).join(', ') || 'none'}
      </Text>
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
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel}>
          Cancel edit
        </Button>
        <Button onClick={onSave} loading={saving}>
          Save Template
        </Button>
      </Group>
      <Dialog
        opened={deleting !== null}
        onClose={() => {
          setDeleting(null);
        }}
        title="Delete control"
        size="sm"
      >
        <Text size="sm">{DELETE_CONTROL_CONFIRMATION}</Text>
        <Group justify="flex-end" mt="md">
          <Button
            variant="default"
            onClick={() => {
              setDeleting(null);
            }}
          >
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              if (deleting) setControls(removeControl(template.controls, deleting.id));
              setDeleting(null);
            }}
          >
            Delete
          </Button>
        </Group>
      </Dialog>
      {editingExports ? (
        <ExportOptionsEditor
          opened
          options={template.export_options}
          controls={template.controls}
          onCancel={() => {
            setEditingExports(false);
          }}
          onDone={(export_options) => {
            onChange({ ...template, export_options });
            setEditingExports(false);
          }}
        />
      ) : null}
    </Stack>
  );
}
