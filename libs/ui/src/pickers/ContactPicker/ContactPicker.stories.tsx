import type { SearchUser } from '@pando/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { searchResults } from '../../testing/searchFixtures';
import { ContactPicker } from './ContactPicker';

const people = searchResults.flatMap<SearchUser>((r) => (r.type === 'USER' ? [r.data] : []));
const bob = people[1] as SearchUser;

const meta = {
  title: 'UI/Pickers/ContactPicker',
  component: ContactPicker,
  tags: ['autodocs'],
  args: {
    opened: true,
    onClose: fn(),
    title: 'Add members to Ward 7 Team',
    query: 'ra',
    onQueryChange: fn(),
    outsideOrganisation: false,
    onOutsideOrganisationChange: fn(),
    results: people,
    initialSelected: [bob],
    onSave: fn(),
  },
} satisfies Meta<typeof ContactPicker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Bob is both a member and a result: he appears once, selected; saving de-duplicates. */
export const SelectAndSave: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog'));
    await expect(dialog.getAllByRole('checkbox', { name: 'Bob Okafor' })).toHaveLength(1);
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Priya Raman' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).toHaveBeenCalledWith([
      expect.objectContaining({ id: 12 }),
      expect.objectContaining({ id: 11 }),
    ]);
  },
};
/** A chosen person's chip is removed from the keyboard: its remove button is in the tab order. */
export const RemoveChipByKeyboard: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog'));
    const remove = dialog.getByRole('button', { name: 'Remove Bob Okafor' });
    remove.focus();
    await expect(remove).toHaveFocus();
    await expect(remove).toHaveAttribute('tabindex', '0');
    await userEvent.keyboard('{Enter}');
    await expect(dialog.queryByRole('button', { name: 'Remove Bob Okafor' })).toBeNull();
    await expect(dialog.getByRole('checkbox', { name: 'Bob Okafor' })).not.toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).toHaveBeenCalledWith([]);
  },
};
export const OutsideOrganisation: Story = {
  args: { outsideOrganisation: true, results: people.slice(2) },
};
export const Searching: Story = { args: { status: 'loading' } };
export const Empty: Story = { args: { query: '', results: [], initialSelected: [] } };
