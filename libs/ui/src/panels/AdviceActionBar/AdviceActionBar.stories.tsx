import { Stack } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { AdviceActionBar } from './AdviceActionBar';

const meta = {
  title: 'UI/Panels/AdviceActionBar',
  component: AdviceActionBar,
  args: {
    state: 'RESOLVABLE',
    isRequester: true,
    onAction: fn(),
    onExport: fn(),
    ownEmail: 'alice@example.org',
  },
} satisfies Meta<typeof AdviceActionBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Resolvable: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Mark as resolved' }));
    await expect(args.onAction).toHaveBeenCalledWith(expect.objectContaining({ id: 'resolve' }));
  },
};
export const AcceptableForTeam: Story = { args: { state: 'ACCEPTABLE', isRequester: false } };
export const AcceptableForRequester: Story = { args: { state: 'ACCEPTABLE', isRequester: true } };
export const Archivable: Story = { args: { state: 'ARCHIVABLE', isRequester: true } };
export const Archived: Story = { args: { state: 'ARCHIVED', isRequester: false } };
export const Pending: Story = { args: { pending: 'resolve' } };

/** Export asks for the address; Send stays disabled for an invalid one. */
export const ExportToEmail: Story = {
  args: { state: 'ARCHIVED', ownEmail: '' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Export to my email' }),
    );
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText(/Email address/);
    await userEvent.type(input, 'alice@example');
    await expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(input, '.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await expect(args.onExport).toHaveBeenCalledWith('alice@example.org');
  },
};

export const Catalog: Story = {
  render: (args) => (
    <Stack>
      <AdviceActionBar {...args} state="RESOLVABLE" isRequester />
      <AdviceActionBar {...args} state="ACCEPTABLE" isRequester={false} />
      <AdviceActionBar {...args} state="ACCEPTABLE" isRequester />
      <AdviceActionBar {...args} state="ARCHIVABLE" isRequester />
      <AdviceActionBar {...args} state="ARCHIVED" isRequester={false} />
    </Stack>
  ),
};
