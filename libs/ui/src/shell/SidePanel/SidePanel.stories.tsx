import { Box, Button, Stack, Text, Title } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { UserProfilePanel } from '../../panels/UserProfilePanel';
import { SidePanel, type SidePanelProps } from './SidePanel';

const panel = (
  <UserProfilePanel
    user={{
      first_name: 'Bob',
      last_name: 'Baker',
      role: 'Registrar',
      speciality: 'Cardiology',
      hospital: 'St Elsewhere General',
      status: 'AVAILABLE',
      email: 'bob@example.org',
      teams: ['Ward 7 Team'],
    }}
  />
);

/** The content with a button that opens the drawer, as the chat header's details button does. */
function WithOpener(props: SidePanelProps) {
  const [opened, setOpened] = useState(props.opened);
  return (
    <SidePanel
      {...props}
      opened={opened}
      onClose={() => {
        props.onClose();
        setOpened(false);
      }}
    >
      <Stack p="md" gap="xs" align="flex-start">
        <Title order={2} size="h3">
          Bob Baker
        </Title>
        <Text>The conversation keeps the full width below 1200 px.</Text>
        <Button
          hiddenFrom="lg"
          onClick={() => {
            setOpened(true);
          }}
        >
          Show profile
        </Button>
      </Stack>
    </SidePanel>
  );
}

/**
 * Content with a right-hand panel: beside it on a desktop, a drawer on phones and tablets.
 * Switch the viewport toolbar to Phone or Tablet and press "Show profile".
 */
const meta = {
  title: 'UI/Shell/SidePanel',
  component: SidePanel,
  tags: ['autodocs'],
  args: { panel, title: 'Profile', opened: false, onClose: fn(), children: null },
  render: (args) => <WithOpener {...args} />,
  decorators: [
    (Story) => (
      <Box h={560}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof SidePanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {};
/** On a phone the panel opens as a drawer and closes with its close button. */
export const PhoneDrawer: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('complementary', { name: 'Profile' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Show profile' }));
    const drawer = await screen.findByRole('dialog', { name: 'Profile' });
    // The drawer slides in: wait for the end of its transition.
    await waitFor(() =>
      expect(within(drawer).getByRole('complementary', { name: 'Profile' })).toBeVisible(),
    );
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close profile' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};
export const TabletDrawerOpen: Story = {
  args: { opened: true },
  globals: { viewport: { value: 'tablet', isRotated: false } },
};
