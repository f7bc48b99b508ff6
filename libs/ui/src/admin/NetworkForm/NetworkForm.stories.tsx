import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NetworkForm } from './NetworkForm';

const meta = {
  title: 'UI/Admin/NetworkForm',
  component: NetworkForm,
  tags: ['autodocs'],
  args: { mode: 'create', onSubmit: fn(), onCancel: fn() },
} satisfies Meta<typeof NetworkForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Create: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    await expect(canvas.getByText('Network name is required')).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: /Name/ }), 'Coastal Network');
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      name: 'Coastal Network',
      status: 'PENDING',
      default_organisation_id: null,
      user_invite_by_email: false,
    });
  },
};
export const Edit: Story = {
  args: {
    mode: 'edit',
    initial: {
      name: 'Demo Health Network',
      status: 'ACTIVATED',
      default_organisation_id: 1,
      user_invite_by_email: true,
    },
    organisations: [
      { value: '1', label: 'St Elsewhere General' },
      { value: '2', label: 'Riverside Hospital' },
    ],
  },
};
