import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { viewers } from '../../testing/fixtures';
import { MainMenu } from './MainMenu';

const meta = {
  title: 'UI/Shell/MainMenu',
  component: MainMenu,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { viewer: viewers.alice, active: 'chats', onNavigate: fn() },
} satisfies Meta<typeof MainMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A verified clinician with patient_cards: Chats and List. */
export const ClinicianWithPatientList: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('link', { name: 'Admin' })).toBeNull();
    await userEvent.click(canvas.getByRole('link', { name: 'List' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/patients');
  },
};

/** No premium features: Chats only. */
export const ChatsOnly: Story = { args: { viewer: viewers.carol } };

export const OrganisationAdmin: Story = { args: { viewer: viewers.orgAdmin, active: 'admin' } };

export const ProductAdminEverything: Story = {
  args: { viewer: viewers.pandoAdmin, active: 'patients' },
};
