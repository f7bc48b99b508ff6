import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MenuBurger } from './MenuBurger';

/**
 * The header's main-menu button on a phone or tablet (hidden from `LAYOUT.navbarFrom`, where the
 * menu sits beside the page): shared by the app's header and the first paint. Shown at phone size.
 */
const meta = {
  title: 'UI/Shell/MenuBurger',
  component: MenuBurger,
  tags: ['autodocs'],
  globals: { viewport: { value: 'phone', isRotated: false } },
  args: { opened: false, onToggle: fn() },
} satisfies Meta<typeof MenuBurger>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: "Open menu"; a press asks to toggle. */
export const Closed: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open menu' }));
    await expect(args.onToggle).toHaveBeenCalledTimes(1);
  },
};

/** Open: its name says what a press does. */
export const Opened: Story = {
  args: { opened: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Close menu' })).toBeVisible();
  },
};

/** In use: the name follows the state, by keyboard too. */
export const Toggling: Story = {
  render: function Render() {
    const [opened, setOpened] = useState(false);
    return (
      <MenuBurger
        opened={opened}
        onToggle={() => {
          setOpened((open) => !open);
        }}
      />
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Open menu' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('button', { name: 'Close menu' })).toHaveFocus();
  },
};
