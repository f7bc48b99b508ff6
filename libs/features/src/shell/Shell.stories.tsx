import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { showMainMenu } from '../testing/responsiveStory';
import { screenStory } from '../testing/screenStory';

const meta = { title: 'Screens/Shell/Home' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** The signed-in shell: header, menu, availability and the chat sidebar from the lists. */
export const WithSidebar: Story = {
  ...screenStory('/'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sidebar = await canvas.findByRole(
      'navigation',
      { name: 'Conversations' },
      { timeout: 10_000 },
    );
    await expect(within(sidebar).getByRole('link', { name: /Ward 7 Team/ })).toBeVisible();
    await showMainMenu(canvasElement);
    await expect(canvas.getByRole('switch', { name: 'Available' })).toBeChecked();
  },
};
