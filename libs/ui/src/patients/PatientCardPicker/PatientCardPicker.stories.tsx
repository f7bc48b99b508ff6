import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { storyCard } from '../fixtures';
import { PatientCardPicker } from './PatientCardPicker';

const cards = [
  storyCard(3, 'Cleo', 'Moreau', 'NHS 333 000'),
  storyCard(2, 'Bram', 'Abbott', 'NHS 222 000'),
  storyCard(1, 'Ada', 'Zimmer', 'NHS 111 000'),
];

const meta = {
  title: 'UI/Patients/PatientCardPicker',
  component: PatientCardPicker,
  tags: ['autodocs'],
  args: {
    opened: true,
    onClose: fn(),
    query: '',
    onQueryChange: fn(),
    cards,
    status: 'ready',
    onPick: fn(),
  },
} satisfies Meta<typeof PatientCardPicker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Choosing a card shares it: the app is told which. */
export const PickACard: Story = {
  play: async ({ args }) => {
    const dialog = await within(document.body).findByRole('dialog', {
      name: 'Share a patient card',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: /^Share Abbott, Bram/ }));
    await expect(args.onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
  },
};

/** Typing searches; the story filters as the app's search would, and Escape clears the text. */
export const Search: Story = {
  render: function Render(args) {
    const [query, setQuery] = useState('');
    const term = query.trim().toLowerCase();
    const found = args.cards.filter(
      (c) =>
        `${c.patient?.first_name ?? ''} ${c.patient?.last_name ?? ''}`
          .toLowerCase()
          .includes(term) || (c.patient?.patient_identificator ?? '').includes(query.trim()),
    );
    return <PatientCardPicker {...args} query={query} onQueryChange={setQuery} cards={found} />;
  },
  play: async () => {
    const dialog = await within(document.body).findByRole('dialog', {
      name: 'Share a patient card',
    });
    const box = within(dialog).getByRole('searchbox', {
      name: 'Search patients by name or identifier',
    });
    await userEvent.type(box, 'NHS 111');
    await expect(within(dialog).getAllByRole('button', { name: /^Share / })).toHaveLength(1);
    await userEvent.clear(box);
    await userEvent.type(box, 'nobody');
    await expect(within(dialog).getByText('No matching patients.')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(box).toHaveValue('');
    await expect(within(dialog).getAllByRole('button', { name: /^Share / })).toHaveLength(3);
  },
};

export const Loading: Story = { args: { status: 'loading', cards: [] } };
export const Failed: Story = { args: { status: 'error', cards: [] } };
export const NoCards: Story = { args: { cards: [] } };
export const Sharing: Story = { args: { sharing: true } };
export const Phone: Story = { globals: { viewport: { value: 'phone' } } };
