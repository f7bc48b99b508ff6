import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { screenStory } from '../testing/screenStory';

const meta = { title: 'Screens/Auth/Login' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** /login with the unauthorised notice a redirected visitor sees (spec 01 §2). */
export const Login: Story = {
  ...screenStory('/login?msg=unauthorised&redirect=%2Fsearch', { email: null }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText(/Email address/)).toBeVisible();
    await expect(canvas.getByText('Please log in to continue.')).toBeVisible();
  },
};

/** /validate opens at the code step. */
export const Validate: Story = {
  ...screenStory('/validate', { email: null }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByLabelText(/Login code/)).toBeVisible();
  },
};
