import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AssigneesPanel } from './AssigneesPanel';

const meta = {
  title: 'UI/Patients/AssigneesPanel',
  component: AssigneesPanel,
  tags: ['autodocs'],
  args: {
    users: [
      { id: 1, first_name: 'Alice', last_name: 'Adams' },
      { id: 2, first_name: 'Bob', last_name: 'Brown' },
    ],
    teams: [{ id: 7, name: 'Ward 7 Team' }],
    editable: true,
    onAdd: fn(),
    onAddTeam: fn(),
    onRemoveUser: fn(),
    onRemoveTeam: fn(),
  },
} satisfies Meta<typeof AssigneesPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const PeopleAndTeams: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Unassign Ward 7 Team' }));
    await expect(args.onRemoveTeam).toHaveBeenCalledWith(7);
  },
};
export const Nobody: Story = { args: { users: [], teams: [] } };
export const ReadOnly: Story = {
  args: { editable: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};
