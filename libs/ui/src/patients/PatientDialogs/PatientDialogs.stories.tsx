import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DeletePatientDialog, PatientHelpDialog, PatientsEmptyState } from './PatientDialogs';

const meta = {
  title: 'UI/Patients/PatientDialogs',
  component: DeletePatientDialog,
  tags: ['autodocs'],
  args: { opened: true, name: 'Ada Zimmer', onClose: fn(), onConfirm: fn() },
} satisfies Meta<typeof DeletePatientDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const DeleteConfirmation: Story = {
  play: async ({ args }) => {
    const dialog = await within(document.body).findByRole('dialog', { name: 'Delete patient' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};
export const Help: Story = {
  render: (args) => <PatientHelpDialog opened onClose={args.onClose} />,
};
export const EmptyState: Story = { render: () => <PatientsEmptyState /> };
