import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { storyPatient, storyWards } from '../fixtures';
import { PatientInfoPanel } from './PatientInfoPanel';

const meta = {
  title: 'UI/Patients/PatientInfoPanel',
  component: PatientInfoPanel,
  tags: ['autodocs'],
  args: { patient: storyPatient, wards: storyWards, editable: true, onSave: fn() },
} satisfies Meta<typeof PatientInfoPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The date of birth reads dd/mm/yyyy, as the e-mailed card and the rest of the app write it. */
export const View: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('01/03/1950')).toBeVisible();
    await expect(canvas.queryByText('1950-03-01')).toBeNull();
  },
};
/** The date of birth is typed day first whatever the browser's language; Save sends ISO. */
export const EditDateOfBirth: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit patient info' }));
    const dob = canvas.getByRole('textbox', { name: 'Date of birth' });
    await expect(dob).toHaveValue('01/03/1950');
    await userEvent.clear(dob);
    await userEvent.type(dob, '14/03/1948');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).toHaveBeenCalledWith(expect.objectContaining({ dob: '1948-03-14' }));
  },
};
/** Spec 01 §4: the info section toggles to edit on its own; Save hands over the fields. */
export const EditAndSave: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit patient info' }));
    const bed = canvas.getByRole('textbox', { name: 'Bed' });
    await userEvent.clear(bed);
    await userEvent.type(bed, '12');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).toHaveBeenCalledWith(
      expect.objectContaining({ bed: '12', ward_id: 7 }),
    );
    await expect(await canvas.findByRole('button', { name: 'Edit patient info' })).toBeVisible();
  },
};
/** Spec 01 §6: editable false → faded, no edit button. */
export const ReadOnly: Story = {
  args: { editable: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};
export const NoWard: Story = { args: { patient: { ...storyPatient, ward: null, ward_id: null } } };
export const Phone: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
