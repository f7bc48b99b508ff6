import { Stack } from '@mantine/core';
import type { Control, ControlValue } from '@pando/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { EVERY_CONTROL } from '../fixtures';
import { FormControlField, type FormControlFieldProps } from './FormControlField';

const byId = (id: string): Control => {
  const found = EVERY_CONTROL.find((c) => c.id === id);
  if (!found) throw new Error(id);
  return found;
};

/** Holds the value as the filler would, so typing works in the story. */
function Stateful(props: FormControlFieldProps) {
  const [value, setValue] = useState<ControlValue | undefined>(props.control.value);
  return (
    <FormControlField
      {...props}
      control={{ ...props.control, value: value ?? null }}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'UI/Forms/FormControlField',
  component: FormControlField,
  tags: ['autodocs'],
  args: {
    control: byId('ward'),
    onChange: fn(),
    onScan: fn(),
    onLocate: fn(),
    onUploadFile: fn(),
    onDeleteFile: fn(),
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof FormControlField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 02 §4: completes to the first case-insensitive prefix match; Backspace removes the completion. */
export const TextWithAutocomplete: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Ward' });
    await userEvent.type(input, 'car');
    await expect(input).toHaveValue('Cardiology Ward');
    await userEvent.keyboard('{Backspace}');
    await expect(input).toHaveValue('Car');
  },
};
/** The completion keeps the list's case: "CARD" + Tab stores "Cardiology Ward" (issue 35). */
export const AutocompleteKeepsListCase: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Ward' });
    await userEvent.type(input, 'CARD');
    await userEvent.tab();
    await expect(input).toHaveValue('Cardiology Ward');
    await expect(args.onChange).toHaveBeenLastCalledWith('Cardiology Ward');
  },
};
export const Barcode: Story = {
  args: { control: byId('patient_id') },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Scan barcode for Patient identifier' }),
    );
    await expect(args.onScan).toHaveBeenCalled();
  },
};
export const Geolocation: Story = {
  args: { control: { ...byId('location'), value: '51.5072, -0.1276' } },
};
export const Dropdown: Story = { args: { control: byId('priority') } };
/** Spec 02 §9: at most 6 rows show; the rest scroll. */
export const Multiselect: Story = {
  args: { control: { ...byId('symptoms'), value: ['Fever'] } },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('checkbox', { name: 'Chest pain' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(['Chest pain', 'Fever']);
  },
};
/** Spec 02 §9: 4 rows by 50 columns. */
export const Textarea: Story = {
  args: { control: byId('notes') },
  play: async ({ canvasElement }) => {
    const area = within(canvasElement).getByRole('textbox', { name: 'Notes' });
    await expect(area).toHaveAttribute('rows', '4');
    await expect(area).toHaveAttribute('cols', '50');
  },
};
export const Radio: Story = { args: { control: byId('escalate') } };
/** Spec 02 §5: the picker offers documents (pdf, docx) and images only. */
export const FileEmpty: Story = {
  args: { control: byId('letter') },
  play: async ({ canvasElement }) => {
    const accept = canvasElement.querySelector('input[type="file"]')?.getAttribute('accept');
    await expect(accept?.split(',')).toEqual(
      expect.arrayContaining(['application/pdf', 'image/png']),
    );
    await expect(accept).not.toContain('text/plain');
  },
};
export const FileUploading: Story = { args: { control: byId('letter'), uploading: true } };
export const FileUploaded: Story = {
  args: { control: { ...byId('letter'), value: 'guid-1' }, fileUrl: '#letter' },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Delete file of Referral letter' }),
    );
    await expect(args.onDeleteFile).toHaveBeenCalled();
  },
};
export const FileDeleted: Story = { args: { control: { ...byId('letter'), value: '-' } } };
/** Spec 02 §5: an image control offers images only. */
export const ImageEmpty: Story = {
  args: { control: byId('wound') },
  play: async ({ canvasElement }) => {
    const accept = canvasElement.querySelector('input[type="file"]')?.getAttribute('accept');
    await expect(accept).toContain('image/jpeg');
    await expect(accept).not.toContain('application/pdf');
  },
};
/**
 * A date reads and is typed dd/mm/yyyy whatever the browser's language (the native date input
 * showed mm/dd/yyyy in an en-US browser); the form keeps ISO.
 */
export const Date: Story = {
  args: { control: { ...byId('seen_on'), value: '2026-11-23' } },
  play: async ({ canvasElement, args }) => {
    const field = within(canvasElement).getByRole('textbox', { name: 'Seen on' });
    await expect(field).toHaveValue('23/11/2026');
    await userEvent.clear(field);
    await userEvent.type(field, '01122026');
    await expect(field).toHaveValue('01/12/2026');
    await expect(args.onChange).toHaveBeenLastCalledWith('2026-12-01');
  },
};
export const Divider: Story = { args: { control: byId('section') } };
/** Spec 02 §5: a dropdown without options shows "Dropdown options not provided". */
export const MissingOptions: Story = {
  args: { control: { ...byId('priority'), options: [] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Dropdown options not provided')).toBeVisible();
  },
};
/** Spec 02 §5: an unknown type shows an inline message. */
export const UnknownType: Story = {
  args: { control: { ...byId('notes'), type: 'signature', label: 'Signature' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Unknown control type: signature')).toBeVisible();
  },
};
/** Spec 02 §5: a failing required control has a red border (and is announced invalid). */
export const RequiredWithError: Story = {
  args: { control: { ...byId('priority'), required: true, error: true } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('input[aria-invalid="true"]')).not.toBeNull();
  },
};
export const ReadOnly: Story = {
  args: { control: { ...byId('ward'), value: 'Ward 7' }, readOnly: true },
};
/** Every type at once, as the filler lays them out. */
export const Catalog: Story = {
  render: (args) => (
    <Stack gap="md" maw={560}>
      {EVERY_CONTROL.map((control) => (
        <Stateful key={control.id} {...args} control={control} />
      ))}
    </Stack>
  ),
};
