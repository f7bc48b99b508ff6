import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FormsComingSoon } from './FormsComingSoon';

const meta = {
  title: 'UI/Forms/FormsComingSoon',
  component: FormsComingSoon,
  tags: ['autodocs'],
  args: { contactHref: 'mailto:support@pando.health?subject=Smart%20forms' },
} satisfies Meta<typeof FormsComingSoon>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 02 §2: the notice, what smart forms do, and a way to get in touch. */
export const ContactByEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText('Smart forms are coming soon. Contact us to find out more.'),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      'mailto:support@pando.health?subject=Smart%20forms',
    );
  },
};

/** A deployment's support page opens in a new tab. */
export const ContactPage: Story = {
  args: { contactHref: 'https://pando.health/support' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'target',
      '_blank',
    );
  },
};
