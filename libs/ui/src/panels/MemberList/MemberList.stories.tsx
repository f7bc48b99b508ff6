import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MemberList, type PanelMember } from './MemberList';

const members: PanelMember[] = [
  { id: 'u-alice', name: 'Alice Anderson', detail: 'Registrar, Cardiology', status: 'AVAILABLE' },
  { id: 'u-bob', name: 'Bob Baker', detail: 'Staff nurse, Ward 7', status: 'UNAVAILABLE' },
  { id: 'u-priya', name: 'Priya Raman', detail: 'Consultant cardiologist', status: 'UNKNOWN' },
];

const meta = {
  title: 'UI/Panels/MemberList',
  component: MemberList,
  tags: ['autodocs'],
  args: { members, onRemove: fn(), selfId: 'u-alice' },
} satisfies Meta<typeof MemberList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithRemove: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Remove Bob Baker/ }));
    await expect(args.onRemove).toHaveBeenCalledWith(expect.objectContaining({ id: 'u-bob' }));
  },
};
export const ReadOnly: Story = { args: { onRemove: undefined } };
/** While the list loads it says so; "No members yet." is only for a list that is empty. */
export const Loading: Story = {
  args: { members: [], loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading members…');
    await expect(canvas.queryByText('No members yet.')).toBeNull();
  },
};
export const LongNames: Story = {
  args: {
    members: [
      {
        id: 'u-long',
        name: 'Dr Maximiliana Konstantinopoulou-Fitzwilliam-Oyelaran',
        detail: 'Specialty trainee year 6, Paediatric intensive care and neonatal transport',
        status: 'AVAILABLE',
      },
    ],
  },
};
