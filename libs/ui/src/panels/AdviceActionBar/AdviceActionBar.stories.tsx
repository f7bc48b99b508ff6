import { Stack } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AdviceActionBar } from './AdviceActionBar';

const meta = {
  title: 'UI/Panels/AdviceActionBar',
  component: AdviceActionBar,
  tags: ['autodocs'],
  args: {
    state: 'RESOLVABLE',
    isRequester: true,
    onAction: fn(),
    onExport: fn(),
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

/** Export goes to the signed-in user's own address (spec 01 §4 "export to my email"). */
export const ExportToEmail: Story = {
  args: { state: 'ARCHIVED' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Export to my email' }),
    );
    await expect(args.onExport).toHaveBeenCalledTimes(1);
    await expect(args.onAction).not.toHaveBeenCalled();
  },
};

/** While one action runs, the others wait. */
export const ExportPending: Story = {
  args: { state: 'ACCEPTABLE', isRequester: false, pending: 'exportToEmail' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Accept' })).toBeDisabled();
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
