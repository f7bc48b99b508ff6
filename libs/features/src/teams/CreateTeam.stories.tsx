import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { screenStory } from '../testing/screenStory';

const meta = { title: 'Screens/Teams/CreateTeam' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** /teams/create: the name is required (spec 01 §6); private by default. */
export const CreateTeam: Story = {
  ...screenStory('/teams/create'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = await canvas.findByRole('textbox', { name: 'Team name' }, { timeout: 10_000 });
    await expect(canvas.getByRole('switch', { name: /Discoverable/ })).not.toBeChecked();
    await userEvent.click(name);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Create team' })).toBeVisible();
  },
};
