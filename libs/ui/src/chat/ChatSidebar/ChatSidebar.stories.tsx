import { Box, SimpleGrid } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  awkwardSidebarSections,
  emptySidebarSections,
  manySidebarSections,
  sidebarSections,
  twoAdviceRowsSections,
} from '../../testing/sidebarFixtures';
import { ChatSidebar } from './ChatSidebar';

const meta = {
  title: 'UI/Chat/ChatSidebar',
  component: ChatSidebar,
  tags: ['autodocs'],
  args: { sections: sidebarSections(), onNavigate: fn() },
  decorators: [
    (Story) => (
      <Box w={300} h="100dvh" style={{ overflow: 'auto' }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof ChatSidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Unread conversations on top; the other sections list read ones, sorted by name. */
export const Default: Story = {
  args: { activeAddress: 'ward7@muclight.stelsewhere.example.org' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const unread = canvas.getByRole('group', { name: 'Unread' });
    await expect(within(unread).getByRole('link', { name: /Bob Okafor/ })).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'Create a team' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/teams/create');
    await userEvent.click(canvas.getByRole('link', { name: 'Advice history' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/ask-advice/history');
  },
};

/**
 * Two requests to the same advice team (issue 35): each row's second line says when it was
 * asked, and it is part of the link's name, so a screen reader tells them apart too.
 */
export const SameNamedAdviceRows: Story = {
  args: {
    sections: twoAdviceRowsSections(),
    activeAddress: 'adv-93@muclight.stelsewhere.example.org',
  },
  play: async ({ canvasElement }) => {
    const advice = within(
      within(canvasElement).getByRole('group', { name: 'Advice conversations' }),
    );
    await expect(
      advice.getByRole('link', { name: 'Cardiology Advice Asked 28/11/2026 09:14' }),
    ).toBeVisible();
    await expect(
      advice.getByRole('link', { name: 'Cardiology Advice Asked 28/11/2026 15:02' }),
    ).toBeVisible();
  },
};

export const Loading: Story = { args: { loading: true } };
export const Empty: Story = { args: { sections: emptySidebarSections() } };
export const LongRightToLeftAndHostileNames: Story = {
  args: { sections: awkwardSidebarSections() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('<img src=x onerror=alert(1)> Ward 9')).toBeVisible();
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};
export const FiveHundredConversations: Story = { args: { sections: manySidebarSections(500) } };

export const Catalog: Story = {
  decorators: [(Story) => <Story />],
  render: (args) => (
    <SimpleGrid cols={4} spacing="md" p="md">
      <ChatSidebar {...args} label="Conversations (default)" />
      <ChatSidebar {...args} label="Conversations (loading)" loading />
      <ChatSidebar {...args} label="Conversations (empty)" sections={emptySidebarSections()} />
      <ChatSidebar
        {...args}
        label="Conversations (awkward names)"
        sections={awkwardSidebarSections()}
      />
    </SimpleGrid>
  ),
};

/**
 * Issue 37: the lists shown from the offline copy with no network say when they were fetched, in
 * a quiet status line a screen reader announces.
 */
export const FromOfflineCopy: Story = {
  args: { freshness: 'Offline — last updated 10:42' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Offline — last updated 10:42');
    await expect(canvas.getByRole('link', { name: /Bob Okafor/ })).toBeVisible();
  },
};
