import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { screenStory } from '../testing/screenStory';

const meta = { title: 'Screens/Advice/Ask advice: choose a team' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** /teams/ask-advice/create: the specialist teams alice can ask (the demo seed). */
export const ChooseTeam: Story = {
  ...screenStory('/teams/ask-advice/create'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const teams = await canvas.findByRole(
      'navigation',
      { name: 'Specialist teams' },
      { timeout: 10_000 },
    );
    await expect(within(teams).getAllByRole('link', { name: /Cardiology Advice/ }).length).toBe(1);
  },
};
