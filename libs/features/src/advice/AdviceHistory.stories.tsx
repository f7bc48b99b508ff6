import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { screenStory } from '../testing/screenStory';

const meta = { title: 'Screens/Advice/History' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** /ask-advice/history: alice's resolved advice conversations from the seed. */
export const History: Story = {
  ...screenStory('/ask-advice/history'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await canvas.findAllByRole(
      'link',
      { name: /Cardiology Advice/ },
      { timeout: 10_000 },
    );
    await expect(rows.length).toBeGreaterThan(0);
  },
};
