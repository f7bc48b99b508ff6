import type { Control } from '@pando/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { EVERY_CONTROL } from '../fixtures';
import { ControlEditor, type ControlEditorProps } from './ControlEditor';

/** Keeps the edited control, as the template editor does, and reports each change. */
function Stateful(props: ControlEditorProps) {
  const [control, setControl] = useState<Control>(props.control);
  return (
    <ControlEditor
      {...props}
      control={control}
      onChange={(next) => {
        setControl(next);
        props.onChange(next);
      }}
    />
  );
}

const byId = (id: string): Control => {
  const control = EVERY_CONTROL.find((c) => c.id === id);
  if (!control) throw new Error(`no fixture control ${id}`);
  return control;
};

const LONG_LABEL =
  'Notes on the handover from the emergency department, including anything the receiving team should know before the first ward round';

const meta = {
  title: 'UI/Forms/TemplateEditor/ControlEditor',
  component: ControlEditor,
  tags: ['autodocs'],
  args: {
    control: byId('ward'),
    index: 0,
    onChange: fn(),
    onMoveUp: fn(),
    onMoveDown: fn(),
    onDelete: fn(),
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof ControlEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A text control: label, placeholder, autocomplete list (one per line, blank lines dropped),
 * patient data, group index, delimiter, Required and Can edit.
 */
export const TextControl: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const region = within(canvas.getByRole('region', { name: 'Control 1: Ward' }));
    const autocomplete = region.getByRole('textbox', { name: 'Autocomplete list (one per line)' });
    await expect(autocomplete).toHaveValue('Ward 7\nCardiology Ward\nAcute Medical Unit');
    await userEvent.type(autocomplete, '{enter}{enter}Ward 9');
    await expect(args.onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        autocomplete: ['Ward 7', 'Cardiology Ward', 'Acute Medical Unit', 'Ward 9'],
      }),
    );
    await userEvent.click(region.getByRole('checkbox', { name: 'Required' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ required: true }),
    );
    // The label names the control everywhere, the region and the buttons included.
    const label = region.getByRole('textbox', { name: 'Label' });
    await userEvent.clear(label);
    await userEvent.type(label, 'Admitting ward');
    await expect(canvas.getByRole('region', { name: 'Control 1: Admitting ward' })).toBeVisible();
  },
};

/** A dropdown: its options, one per line; no autocomplete list. */
export const DropdownControl: Story = {
  args: { control: byId('priority'), index: 3 },
  play: async ({ canvasElement, args }) => {
    const region = within(
      within(canvasElement).getByRole('region', { name: 'Control 4: Priority' }),
    );
    const options = region.getByRole('textbox', { name: 'Options (one per line)' });
    await expect(options).toHaveValue('Routine\nUrgent\nEmergency');
    await userEvent.type(options, '{enter}  Resuscitation  ');
    await expect(args.onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ options: ['Routine', 'Urgent', 'Emergency', 'Resuscitation'] }),
    );
    await expect(region.queryByRole('textbox', { name: /Autocomplete/ })).toBeNull();
  },
};

/** A new control with no label yet is named by its position. */
export const Unlabelled: Story = {
  args: {
    control: {
      id: 'control_5',
      type: 'radio',
      label: '',
      required: false,
      delimiter: ', ',
      can_edit: true,
      options: [],
    },
    index: 4,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Control 5: Control 5' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Delete Control 5' })).toBeVisible();
  },
};

/** A divider has a label only: no placeholder, mapping or flags. */
export const Divider: Story = {
  args: { control: byId('section'), index: 10 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Label' })).toHaveValue('Sign-off');
    await expect(canvas.queryByRole('textbox', { name: 'Placeholder' })).toBeNull();
    await expect(canvas.queryByRole('checkbox', { name: 'Required' })).toBeNull();
  },
};

/** Up, down and delete by keyboard; each asks the editor (which ignores moves at the ends). */
export const MoveAndDeleteByKeyboard: Story = {
  args: { control: byId('notes'), index: 5 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const up = canvas.getByRole('button', { name: 'Move Notes up' });
    up.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onMoveUp).toHaveBeenCalledTimes(1);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Move Notes down' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onMoveDown).toHaveBeenCalledTimes(1);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Delete Notes' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onDelete).toHaveBeenCalledTimes(1);
  },
};

/** A long label wraps inside the card instead of widening it (phone width included). */
export const LongLabel: Story = {
  args: {
    control: {
      ...byId('notes'),
      label: LONG_LABEL,
    },
  },
};

/** A phone: the fields stack in one column and nothing scrolls sideways, long label included. */
export const Phone: Story = {
  args: { control: { ...byId('priority'), label: LONG_LABEL }, index: 3 },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Options (one per line)' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: `Delete ${LONG_LABEL}` })).toBeVisible();
    await expect(window.innerWidth).toBeLessThanOrEqual(430);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
