import { Box, NavLink, Stack, Text, Title } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SplitView } from './SplitView';

const list = (
  <Box component="nav" aria-label="Patients" p="xs">
    {['Bed 1 · Ada Lovelace', 'Bed 2 · Alan Turing', 'Bed 3 · Grace Hopper'].map((name, i) => (
      <NavLink key={name} href="#" label={name} active={i === 1} />
    ))}
  </Box>
);

const detail = (
  <Stack p="md" gap="xs">
    <Title order={2} size="h3">
      Bed 2 · Alan Turing
    </Title>
    <Text>The chosen item takes the rest of the width and never scrolls sideways.</Text>
  </Stack>
);

/**
 * The list/detail layout every list screen uses (chat today; patients and admin next). Switch
 * the viewport toolbar to Phone to see the two screens, or run the phone story tests.
 */
const meta = {
  title: 'UI/Shell/SplitView',
  component: SplitView,
  tags: ['autodocs'],
  args: { list, children: detail, detailOpen: true },
  decorators: [
    (Story) => (
      <Box h={420}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof SplitView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ItemChosen: Story = {};
export const NothingChosen: Story = { args: { detailOpen: false } };
/** On a phone the chosen item replaces the list. */
export const PhoneItemChosen: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Bed 2 · Alan Turing' })).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: 'Patients' })).toBeNull();
  },
};
/** On a phone without a chosen item the list takes the whole width. */
export const PhoneList: Story = {
  args: { detailOpen: false },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('navigation', { name: 'Patients' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Bed 2 · Alan Turing' })).toBeNull();
  },
};
/** On a tablet both sit side by side. */
export const TabletSideBySide: Story = {
  globals: { viewport: { value: 'tablet', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('navigation', { name: 'Patients' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Bed 2 · Alan Turing' })).toBeVisible();
  },
};
